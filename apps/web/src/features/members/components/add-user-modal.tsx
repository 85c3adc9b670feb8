/**
 * "Add user" (spec §2 users page): members are not created by the admin; they sign up and apply on
 * /organize with this organisation's Account ID or a super admin's email. The dialog says how, with
 * both values to copy; the application then shows here as a new application to approve.
 */
import { Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The add-user instructions dialog. */
export function AddUserModal(props: {
  open: boolean;
  onClose: () => void;
  accountId: number | null;
  email: string;
}) {
  const { t } = useTranslation('members');
  return (
    <Modal
      open={props.open}
      title={t('add.title')}
      onCancel={props.onClose}
      footer={
        <Button type="primary" onClick={props.onClose}>
          {t('add.close')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('add.body')}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('add.accountId')}>
          {props.accountId !== null ? (
            <Typography.Text copyable>{String(props.accountId)}</Typography.Text>
          ) : (
            '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('add.superEmail')}>
          <Typography.Text copyable>{props.email}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('add.after')}
      </Typography.Paragraph>
    </Modal>
  );
}
