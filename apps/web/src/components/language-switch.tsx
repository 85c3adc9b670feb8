/**
 * The language dropdown (中文 / English) of the navbar and the login page. Hand-rolled rather than
 * antd Dropdown so the login page does not load the menu machinery (spec: keep /login small).
 */
import { GlobalOutlined } from '@ant-design/icons';
import type { Lang } from '@portal/contracts/codes.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, LANGS, setLang } from '@/lib/i18n.ts';

/** A button opening a two-item list; picking one switches and stores the language. */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation('common');
  const lang = currentLang();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const pick = (l: Lang) => {
    setOpen(false);
    void setLang(l);
  };

  return (
    <div className={`lang-switch${dark ? ' lang-switch-dark' : ''}`} ref={root}>
      <button
        type="button"
        className="lang-switch-button"
        data-testid="language-switch"
        aria-label={t('language.label')}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <GlobalOutlined aria-hidden /> <span className="lang-switch-text">{t(`language.${lang}`)}</span>
      </button>
      {open && (
        <ul className="lang-switch-list" id={listId} aria-label={t('language.label')}>
          {LANGS.map((l) => (
            <li key={l}>
              <button
                type="button"
                data-testid={`lang-${l}`}
                aria-pressed={l === lang}
                onClick={() => pick(l)}
              >
                {t(`language.${l}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
