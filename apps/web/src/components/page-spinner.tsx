/**
 * The spinner of a screen still loading. The space above it is padding, not margin: a first child's
 * top margin collapses through #root into <body>, so swapping the spinner for the screen moved the
 * whole body up (Lighthouse CLS 0.12 desktop, 0.19 mobile; issue 11).
 */
import { Spin } from 'antd';

/** A large spinner `top` px below the top of its container, centred. */
export function PageSpinner({ top = 120 }: { top?: number }) {
  return (
    <div className="page-spinner" style={{ paddingTop: top }}>
      <Spin size="large" />
    </div>
  );
}
