/**
 * The texts the report registry declares (contracts report-registry/, each kind's `menu.screens` and
 * query filters), as entries of the catalogues (lib/i18n.ts adds them at start): each screen's menu
 * title under `common:menu.<…>` (its menu key, which the sidebar, the home shortcuts and the tab title
 * read), its page title under `reports:titles.<screen id>`, and each filter's label under
 * `reports:declaredFilters.<kind>.<param>`. A new kind's titles are thus written once, in its
 * declaration, not in the locale files.
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { filterTitle } from '@portal/contracts/report-registry/define-report.ts';
import {
  type ReportKind,
  reportKinds,
  reportRegistry,
  reportScreens,
} from '@portal/contracts/report-registry/index.ts';

/** The `reports` key of the label of `kind`'s filter `param`. */
export const declaredFilterKey = (kind: ReportKind, param: string): string =>
  `declaredFilters.${kind}.${param}`;

/** The declared texts in `lang`, by namespace, nested as the catalogues are. */
export function declaredTexts(lang: Lang) {
  const menu = Object.fromEntries(reportScreens.map((s) => [s.key.slice('menu.'.length), s.menuTitle[lang]]));
  const titles = Object.fromEntries(reportScreens.map((s) => [s.id, s.title[lang]]));
  const declaredFilters = Object.fromEntries(
    reportKinds.map((kind) => {
      const d = reportRegistry[kind];
      const labels = (d.query?.filters ?? []).flatMap((f) => {
        const title = filterTitle(d, f);
        return title ? [[f.param, title[lang]]] : [];
      });
      return [kind, Object.fromEntries(labels)];
    }),
  );
  return { common: { menu }, reports: { titles, declaredFilters } };
}
