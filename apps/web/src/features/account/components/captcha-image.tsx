/** The captcha image with its refresh icon. */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../api/use-captcha.ts';

/** Shows the arithmetic captcha; clicking the image or the icon asks for a new one. */
export function CaptchaImage(props: { captcha: Captcha | null; loading: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('auth');
  const { captcha, loading, onRefresh } = props;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      <button
        type="button"
        onClick={onRefresh}
        title={t('login.refreshCaptcha')}
        style={{
          width: 120,
          height: 40,
          padding: 0,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          background: '#fafafa',
          cursor: 'pointer',
          overflow: 'hidden',
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
      </button>
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
