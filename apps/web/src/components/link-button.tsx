/**
 * A router link that looks like an antd button: one <a>, never a button inside a link (axe
 * nested-interactive), and client-side navigation on plain clicks.
 */
import { Button, type ButtonProps } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';

type Props = Omit<ButtonProps, 'href' | 'onClick'> & { to: string; children: ReactNode };

/** An antd-styled link to `to`. */
export function LinkButton({ to, children, ...rest }: Props) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <Button {...rest} href={to} onClick={onClick}>
      {children}
    </Button>
  );
}
