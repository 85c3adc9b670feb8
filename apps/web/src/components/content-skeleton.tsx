/**
 * What a screen shows while it loads (issue 25 item 13): the app shell (header, sidebar) paints first
 * and the content area holds a skeleton of a card, never a lone spinner in the middle of the page.
 * `ShellSkeleton` stands for the whole frame until the layout's code has arrived.
 */
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** A card-shaped skeleton in the content area (`data-testid="content-skeleton"`). */
export function ContentSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div
      className="content-skeleton"
      data-testid="content-skeleton"
      role="status"
      aria-busy="true"
      aria-label={t('loading')}
    >
      <Skeleton active title={{ width: '30%' }} paragraph={{ rows: 2, width: ['70%', '50%'] }} />
      <Skeleton.Node active style={{ width: '100%', height: 220, marginTop: 16 }} />
      <Skeleton active title={false} paragraph={{ rows: 6 }} style={{ marginTop: 16 }} />
    </div>
  );
}

/** The frame's look (dark header with the product name) over a content skeleton, before the layout loads. */
export function ShellSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="shell-skeleton" data-testid="shell-skeleton">
      <header className="app-header shell-skeleton-header">
        <span className="shell-skeleton-brand">{t('appName')}</span>
      </header>
      <main className="app-content">
        <ContentSkeleton />
      </main>
    </div>
  );
}
