/** The centred card of the public account pages (reset password, sign up). */
import type { ReactNode } from 'react';

/** A white card with a title, a subtitle and the form below. */
export function AuthCard(props: { title: string; subtitle?: string; testId: string; children: ReactNode }) {
  return (
    <section
      data-testid={props.testId}
      style={{
        maxWidth: 460,
        margin: '24px auto',
        background: '#fff',
        borderRadius: 8,
        padding: '32px 32px 24px',
        boxShadow: '0 6px 24px rgba(0, 0, 0, 0.08)',
      }}
    >
      <h1 style={{ margin: '0 0 8px', fontSize: 24, fontWeight: 600 }}>{props.title}</h1>
      {props.subtitle && <p style={{ margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.55)' }}>{props.subtitle}</p>}
      {props.children}
    </section>
  );
}
