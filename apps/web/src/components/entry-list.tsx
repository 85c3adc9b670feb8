/**
 * A short list of entries (notifications, the review queue and to-dos, payment documents, notification
 * preferences): a semantic `<ul>` of rows, each a main part (title over description, or any content)
 * with its actions at the end; a spinner while loading, `empty` when there is nothing.
 *
 * In place of antd's `List`, deprecated in antd 6.6 and removed in 7. Its successor `Listy` is a
 * virtual list of `div`s for long lists: no list semantics for screen readers, no loading or empty
 * state. These lists hold a page of entries at most, so they are antd building blocks (Spin, Flex)
 * around plain list markup, as antd's migration notes suggest for simple lists. Styles:
 * `.entry-list*` and `.entry*` in app/styles.css; its loading and empty states share `.list-pending`
 * and `.list-empty` with the card lists.
 */
import { Flex, Spin } from 'antd';
import type { HTMLAttributes, Key, ReactNode } from 'react';

export type EntryListProps<T> = {
  items: readonly T[];
  /** Each entry's React key. */
  rowKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Shown (centred, secondary) when there are no items and nothing is loading. */
  empty: ReactNode;
  /** A spinner over the entries, or in their place while there are none yet. */
  loading?: boolean;
  /** A frame around the list (a settings list in a card-less page). */
  bordered?: boolean;
  /** Tighter rows. */
  size?: 'small' | 'default';
  className?: string;
};

/** The list itself (module comment); `renderItem` returns an `Entry`. */
export function EntryList<T>({
  items,
  rowKey,
  renderItem,
  empty,
  loading = false,
  bordered = false,
  size = 'default',
  className,
}: EntryListProps<T>) {
  if (!items.length) {
    return loading ? (
      <Spin spinning>
        <div className="list-pending" />
      </Spin>
    ) : (
      <div className="list-empty">{empty}</div>
    );
  }
  const classes = [
    'entry-list',
    bordered && 'entry-list-bordered',
    size === 'small' && 'entry-list-small',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Spin spinning={loading}>
      <ul className={classes}>
        {items.map((item) => (
          <li key={rowKey(item)} className="entry-list-row">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </Spin>
  );
}

export type EntryProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  /** The entry's name (a link, a file name). */
  title?: ReactNode;
  /** Secondary text under the title. */
  description?: ReactNode;
  /** Buttons at the end of the row; they wrap under the text on a narrow screen. */
  actions?: ReactNode[];
  /** Content instead of (or under) title and description. */
  children?: ReactNode;
};

/** One row of an EntryList: title and description (or `children`), then `actions`. */
export function Entry({ title, description, actions, children, className, ...rest }: EntryProps) {
  return (
    <div className={className ? `entry ${className}` : 'entry'} {...rest}>
      <div className="entry-main">
        {title !== undefined && <div className="entry-title">{title}</div>}
        {description !== undefined && <div className="entry-description">{description}</div>}
        {children}
      </div>
      {actions?.length ? (
        <Flex gap={4} wrap className="entry-actions">
          {actions}
        </Flex>
      ) : null}
    </div>
  );
}
