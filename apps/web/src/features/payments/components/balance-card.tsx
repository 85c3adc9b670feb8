/**
 * The balance card of /payments (issue 23 item 2): unpaid confirmed balance with the carried part,
 * the next expected payment date, each profit centre's threshold and terms with the carry-over
 * sentence, this month's estimate, and warnings for a payout hold or a missing profile.
 */
import type { PaymentSummary } from '@portal/contracts/payments.ts';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from './money.ts';

type Props = { summary: PaymentSummary | undefined; loading: boolean; onProfile: () => void };

/** The balance card. */
export function BalanceCard({ summary, loading, onProfile }: Props) {
  const { t } = useTranslation('payments');
  if (loading || !summary)
    return (
      <Card data-testid="payments-balance">
        <Skeleton active />
      </Card>
    );
  const holding = summary.hold_until && new Date(summary.hold_until) > new Date();
  const estimate = summary.by_profit_center.reduce((s, b) => s + b.open_estimate_micros, 0);
  return (
    <Card data-testid="payments-balance">
      {!summary.profile_complete && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('balance.noProfile')}
          action={
            <Button size="small" onClick={onProfile}>
              {t('balance.toProfile')}
            </Button>
          }
        />
      )}
      {holding && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('balance.held', { date: new Date(summary.hold_until ?? '').toLocaleString() })}
        />
      )}
      <Row gutter={[24, 16]}>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('balance.title')}
            value={formatUsd(summary.balance_micros)}
            prefix="US$"
            data-testid="payments-balance-amount"
          />
          <Typography.Text type="secondary">{t('balance.hint')}</Typography.Text>
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            title={t('balance.nextDate')}
            value={summary.next_payment_date ?? t('balance.none')}
            data-testid="payments-next-date"
          />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title={t('balance.estimate')} value={formatUsd(estimate)} prefix="US$" />
        </Col>
      </Row>
      <div style={{ marginTop: 16 }}>
        {summary.by_profit_center.map((b) => (
          <Typography.Paragraph key={b.profit_center_id} style={{ marginBottom: 4 }}>
            <Typography.Text type="secondary">
              {t('balance.terms', {
                pc: b.profit_center_name,
                threshold: formatUsd(b.threshold_micros),
                days: b.net_days,
              })}
            </Typography.Text>
            {b.carried_micros > 0 && (
              <Typography.Text data-testid="payments-carried" style={{ display: 'block' }}>
                {t('balance.carried', {
                  amount: formatUsd(b.carried_micros),
                  threshold: formatUsd(b.threshold_micros),
                  pc: b.profit_center_name,
                })}
              </Typography.Text>
            )}
          </Typography.Paragraph>
        ))}
      </div>
    </Card>
  );
}
