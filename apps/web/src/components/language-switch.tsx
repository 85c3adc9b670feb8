/** The language dropdown (中文 / English) of the navbar and the login page. */
import { GlobalOutlined } from '@ant-design/icons';
import type { Lang } from '@portal/contracts/codes.ts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang, LANGS, setLang } from '../lib/i18n.ts';

/** A dropdown button switching between Chinese and English; the choice is stored. */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation('common');
  const lang = currentLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((l) => ({ key: l, label: t(`language.${l}`), 'data-testid': `lang-${l}` })),
        onClick: ({ key }) => void setLang(key as Lang),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        data-testid="language-switch"
        aria-label={t('language.label')}
        style={dark ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      >
        {t(`language.${lang}`)}
      </Button>
    </Dropdown>
  );
}
