/**
 * The signed-in publisher's dashboard at the top of /home (issue 27 items 5 and 6): estimated
 * earnings cards (today so far, yesterday, last 7 days, this month, last month, each with its change
 * against the period before), the top 5 apps this month and the setup checklist, each unfinished step
 * linking to where it is done, and, for who sees Payments, the balance with the next payment date
 * (issue 23 item 2). A new organisation sees the checklist's next step instead of empty figures. The
 * cards are `kind`ed (contracts home.ts): kinds it does not know are skipped.
 */
import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import type { BalanceCard, ChecklistStep, EarningsCard, HomeData } from '@portal/contracts/home.ts';
import { formatUsd } from '@portal/contracts/payments.ts';
import { Card, Progress, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NextStepEmpty } from '@/components/next-step-empty.tsx';
import { formatMoney } from '@/lib/format.ts';
import { useHome } from '../api/home-api.ts';

/** Where each unfinished step is done. */
const stepLink: Record<ChecklistStep, string> = {
  organisation: '/organize',
  first_app: '/apps/list',
  app_approved: '/apps/list',
  first_ad_slot: '/adpos/list',
  sdk_integrated: '/adpos/list',
  first_impression: '/account/testDevices',
  app_ads_found: '/apps/list',
};

const day = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

function Change({ value, noData }: { value: number | null; noData?: boolean }) {
  const { t } = useTranslation('home');
  if (value === null)
    return (
      <Typography.Text type="secondary">
        {t(noData ? 'dashboard.todayNoData' : 'dashboard.noChange')}
      </Typography.Text>
    );
  const pct = `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;
  return <Tag color={value > 0 ? 'green' : value < 0 ? 'red' : 'default'}>{pct}</Tag>;
}

function EarningsTile({ card }: { card: EarningsCard }) {
  const { t } = useTranslation('home');
  const range = card.start === card.end ? day(card.start) : `${day(card.start)} – ${day(card.end)}`;
  // Today so far is compared with yesterday up to the same hour (contracts home.ts `until_hour`).
  const today = card.period === 'today';
  const untilHour = card.previous.until_hour ?? null;
  return (
    <Card size="small" className="home-card" data-testid={`home-card-${card.period}`}>
      <div className="home-card-label">{t(`dashboard.period.${card.period}`)}</div>
      <div className="home-card-value" data-testid={`home-earnings-${card.period}`}>
        ${formatMoney(card.revenue)}
      </div>
      <div className="home-card-foot">
        {today && untilHour === null ? (
          <Change value={null} noData />
        ) : (
          <>
            <Change value={card.change} />{' '}
            <Typography.Text type="secondary">
              {today && untilHour !== null
                ? t('dashboard.todayUntil', { time: `${String(untilHour + 1).padStart(2, '0')}:00` })
                : t(`dashboard.versus.${card.period}`)}
            </Typography.Text>
          </>
        )}
      </div>
      <div className="home-card-range">{range}</div>
    </Card>
  );
}

/** The balance panel: what Payments shows in its balance card, with a link there. */
function BalancePanel({ card }: { card: BalanceCard }) {
  const { t } = useTranslation('home');
  const holding = card.hold_until !== null && new Date(card.hold_until) > new Date();
  return (
    <Card title={t('dashboard.balanceTitle')} className="home-panel" data-testid="home-balance">
      <div className="home-card-value" data-testid="home-balance-amount">
        US$ {formatUsd(card.balance_micros)}
      </div>
      <Typography.Paragraph type="secondary">{t('dashboard.balanceHint')}</Typography.Paragraph>
      {card.carried_micros > 0 && (
        <Typography.Paragraph data-testid="home-balance-carried">
          {t('dashboard.carried', { amount: formatUsd(card.carried_micros) })}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph>
        <Typography.Text type="secondary">{t('dashboard.nextDate')}: </Typography.Text>
        <span data-testid="home-balance-next-date">
          {card.next_payment_date ?? t('dashboard.noNextDate')}
        </span>
      </Typography.Paragraph>
      {holding && (
        <Typography.Paragraph type="warning">
          {t('dashboard.held', { date: new Date(card.hold_until ?? '').toLocaleDateString() })}
        </Typography.Paragraph>
      )}
      <Link to="/payments" className="home-top-more">
        {t('dashboard.openPayments')} <RightOutlined />
      </Link>
    </Card>
  );
}

function Checklist({ steps }: { steps: HomeData['checklist'] }) {
  const { t } = useTranslation('home');
  const done = steps.filter((s) => s.done).length;
  return (
    <Card title={t('dashboard.checklistTitle')} className="home-panel" data-testid="home-checklist">
      <Progress
        percent={Math.round((done / steps.length) * 100)}
        format={() => `${done}/${steps.length}`}
        aria-label={t('dashboard.checklistTitle')}
      />
      <ol className="home-steps">
        {steps.map((s) => (
          <li key={s.step} data-testid={`home-step-${s.step}`} data-done={s.done ? 'true' : 'false'}>
            {s.done ? (
              <CheckCircleFilled className="home-step-done" aria-label={t('dashboard.done')} />
            ) : (
              <span className="home-step-open" aria-hidden />
            )}
            {s.done ? (
              <span>{t(`dashboard.step.${s.step}`)}</span>
            ) : (
              <Link to={stepLink[s.step]}>
                {t(`dashboard.step.${s.step}`)} <RightOutlined />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** The dashboard; `enabled` when the caller is an active member of an organisation. */
export function PublisherDashboard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('home');
  const home = useHome(enabled);
  if (!enabled) return null;
  if (home.isPending) return <Skeleton active className="home-dashboard" />;
  const d = home.data;
  if (!d) return null;
  const earnings = d.cards.filter((c): c is EarningsCard => c.kind === 'earnings');
  const balance = d.cards.find((c): c is BalanceCard => c.kind === 'balance');
  const earned = earnings.some((c) => Number(c.revenue) > 0 || Number(c.previous.revenue) > 0);
  const next = d.checklist.find((s) => !s.done);
  return (
    <section className="home-dashboard" aria-labelledby="home-dashboard-title" data-testid="home-dashboard">
      <h2 id="home-dashboard-title">{t('dashboard.title')}</h2>
      {d.earnings_visible && earned ? (
        <div className="home-cards">
          {earnings.map((c) => (
            <EarningsTile key={c.period} card={c} />
          ))}
        </div>
      ) : (
        <Card className="home-panel">
          <NextStepEmpty
            testId="home-empty"
            title={d.earnings_visible ? t('dashboard.emptyTitle') : t('dashboard.hiddenTitle')}
            body={next ? t('dashboard.emptyBody', { step: t(`dashboard.step.${next.step}`) }) : undefined}
            action={
              next
                ? {
                    label: t(`dashboard.step.${next.step}`),
                    to: stepLink[next.step],
                    testId: 'home-next-step',
                  }
                : undefined
            }
          />
        </Card>
      )}
      <div className="home-panels">
        {balance && <BalancePanel card={balance} />}
        {d.earnings_visible && (
          <Card title={t('dashboard.topApps')} className="home-panel" data-testid="home-top-apps">
            {d.top_apps.length === 0 ? (
              <Typography.Text type="secondary">{t('dashboard.topAppsEmpty')}</Typography.Text>
            ) : (
              <ol className="home-top">
                {d.top_apps.map((a) => (
                  <li key={a.app_key}>
                    <span className="home-top-name">{a.app_name ?? a.app_key}</span>
                    <span className="home-top-value">${formatMoney(a.revenue)}</span>
                  </li>
                ))}
              </ol>
            )}
            <Link to="/report/sdk" className="home-top-more">
              {t('dashboard.openReport')} <RightOutlined />
            </Link>
          </Card>
        )}
        <Checklist steps={d.checklist} />
      </div>
      <Typography.Paragraph type="secondary" className="home-note">
        {t('dashboard.note', { timezone: d.timezone })}
      </Typography.Paragraph>
    </section>
  );
}
