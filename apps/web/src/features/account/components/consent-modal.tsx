/** The cookie-consent dialog shown after login: only an Accept button, no close of any kind. */
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Consent dialog; `onAccept` continues to the app. */
export function ConsentModal({ open, onAccept }: { open: boolean; onAccept: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Modal
      open={open}
      title={t('consent.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" data-testid="consent-accept" onClick={onAccept}>
          {t('consent.accept')}
        </Button>
      }
    >
      <p>{t('consent.body')}</p>
    </Modal>
  );
}
