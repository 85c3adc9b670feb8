/** A titled page for screens that later issues fill in. */
import { Card, Result } from 'antd';

/** Renders `title` and a short `body` explaining the screen is coming. */
export function PlaceholderPage({ title, body }: { title: string; body: string }) {
  return (
    <Card>
      <Result status="info" title={title} subTitle={body} />
    </Card>
  );
}
