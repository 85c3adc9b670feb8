/**
 * An empty list or report that says what to do next (issue 27 item 6): a title, a sentence and, when
 * there is one, the action ("Add your first app") as a button or a link, instead of "No data".
 * Texts come from the caller (its own catalogue).
 */
import { Button, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LinkButton } from './link-button.tsx';

export type NextStepEmptyProps = {
  title: ReactNode;
  body?: ReactNode;
  /** The next step: a label with a click handler or a path. */
  action?: { label: ReactNode; onClick?: () => void; to?: string; testId?: string };
  testId?: string;
};

export function NextStepEmpty({ title, body, action, testId }: NextStepEmptyProps) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<strong>{title}</strong>} data-testid={testId}>
      {body && (
        <Typography.Paragraph type="secondary" style={{ maxWidth: 420, margin: '0 auto 12px' }}>
          {body}
        </Typography.Paragraph>
      )}
      {action?.to ? (
        <LinkButton to={action.to} type="primary" data-testid={action.testId}>
          {action.label}
        </LinkButton>
      ) : action ? (
        <Button type="primary" onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </Button>
      ) : null}
    </Empty>
  );
}
