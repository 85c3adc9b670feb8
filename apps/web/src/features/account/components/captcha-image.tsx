/** The captcha image with its refresh icon. */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../api/use-captcha.ts';

/**
 * Shows the arithmetic captcha; clicking the image or the named refresh button asks for a new one.
 * Only the button takes focus.
 */
export function CaptchaImage(props: { captcha: Captcha | null; loading: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('account');
  const { captcha, loading, onRefresh } = props;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      {/* The image is a picture, not a control: a click on it refreshes too, while keyboards and
          screen readers use the named refresh button beside it (issue 25 item 8). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; the button beside it is the control */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the button beside it is the keyboard path */}
      <div
        onClick={onRefresh}
        title={t('login.refreshCaptcha')}
        className="captcha-frame"
        style={{
          width: 120,
          height: 40,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          background: '#fafafa',
          cursor: 'pointer',
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {captcha ? (
          <img
            src={captcha.b64s}
            alt={t('login.captchaAlt')}
            data-testid="captcha-image"
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Spin size="small" spinning={loading} />
        )}
      </div>
      <Button
        type="text"
        icon={<ReloadOutlined spin={loading} />}
        onClick={onRefresh}
        aria-label={t('login.refreshCaptcha')}
        data-testid="captcha-refresh"
      />
    </div>
  );
}
