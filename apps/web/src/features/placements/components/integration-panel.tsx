/**
 * The integration panel of an ad slot (issue 27 item 1), a drawer opened from the ad slot list and
 * right after a slot is created: the app key and placement ID with copy buttons, the SDK version and
 * guide (server configuration), ready code for Android (Kotlin), iOS (Swift) and Unity (C#) for the
 * slot's ad style with the IDs filled in (contracts integration.ts), and, before approval, what is
 * pending and what can be done already (integrate, add test devices).
 */
import { type CodePlatform, codePlatforms, integrationCode } from '@portal/contracts/integration.ts';
import { Alert, Descriptions, Drawer, Grid, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { usePlacementIntegration } from '../api/placements-api.ts';
import '../placements.css';

export type IntegrationPanelProps = {
  /** The ad slot shown; null: closed. */
  placementId: number | null;
  /** True right after creating it (the panel greets the new slot). */
  created?: boolean;
  onClose: () => void;
};

const languageOf: Record<CodePlatform, string> = { android: 'Kotlin', ios: 'Swift', unity: 'C#' };

export function IntegrationPanel({ placementId, created, onClose }: IntegrationPanelProps) {
  const { t } = useTranslation('placements');
  const screens = Grid.useBreakpoint();
  const q = usePlacementIntegration(placementId);
  const d = q.data;
  const copyable = (text: string, what: string) => ({
    text,
    tooltips: [t('integration.copy', { what }), t('integration.copied')],
  });

  return (
    <Drawer
      open={placementId !== null}
      onClose={onClose}
      size={screens.md ? 680 : '100%'}
      title={d ? t('integration.title', { name: d.adpos_name }) : t('integration.titleLoading')}
      data-testid="integration-panel"
      destroyOnHidden
    >
      {!d ? (
        q.isError ? (
          <Alert type="error" title={t('integration.failed')} />
        ) : (
          <PageSpinner />
        )
      ) : (
        <div className="integration-panel">
          {created && (
            <Alert type="success" showIcon title={t('integration.created')} style={{ marginBottom: 12 }} />
          )}
          {d.ready ? (
            <Alert type="success" showIcon title={t('integration.ready')} data-testid="integration-ready" />
          ) : (
            <Alert
              type="warning"
              showIcon
              data-testid="integration-pending"
              title={t('integration.pendingTitle')}
              description={
                <>
                  <ul className="integration-list">
                    {d.pending.map((p) => (
                      <li key={p}>{t(`integration.pending.${p}`)}</li>
                    ))}
                  </ul>
                  <div>{t('integration.canDoNow')}</div>
                  <ul className="integration-list">
                    <li>{t('integration.now.code')}</li>
                    <li>
                      {t('integration.now.devices', { count: d.test_devices })}{' '}
                      <Link to="/account/testDevices">{t('integration.now.devicesLink')}</Link>
                    </li>
                  </ul>
                </>
              }
            />
          )}
          <Descriptions column={1} bordered size="small" style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('integration.appKey')}>
              {d.app.app_key ? (
                <Typography.Text
                  code
                  copyable={copyable(d.app.app_key, t('integration.appKey'))}
                  data-testid="integration-app-key"
                >
                  {d.app.app_key}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary" data-testid="integration-app-key-hidden">
                  {t('integration.appKeyHidden')}
                </Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('integration.placementId')}>
              <Typography.Text
                code
                copyable={copyable(String(d.adpos_id), t('integration.placementId'))}
                data-testid="integration-placement-id"
              >
                {d.adpos_id}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('integration.sdkVersion')}>{d.sdk.version}</Descriptions.Item>
            <Descriptions.Item label={t('integration.guide')}>
              <a href={d.sdk.guide_url} target="_blank" rel="noreferrer noopener">
                {t('integration.guideLink')}
              </a>
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            style={{ marginTop: 16 }}
            defaultActiveKey={d.app.platform === 2 ? 'ios' : 'android'}
            items={codePlatforms.map((p) => {
              const code = integrationCode(p, d.ad_style, {
                appKey: d.app.app_key,
                placementId: d.adpos_id,
                sdkVersion: d.sdk.version,
              });
              return {
                key: p,
                label: t(`integration.platform.${p}`, { language: languageOf[p] }),
                children: (
                  <div data-testid={`integration-code-${p}`}>
                    <Typography.Paragraph
                      copyable={copyable(code, languageOf[p])}
                      style={{ marginBottom: 4 }}
                    >
                      {t('integration.codeFor', { language: languageOf[p] })}
                    </Typography.Paragraph>
                    <pre className="integration-code">
                      <code>{code}</code>
                    </pre>
                  </div>
                ),
              };
            })}
          />
        </div>
      )}
    </Drawer>
  );
}
