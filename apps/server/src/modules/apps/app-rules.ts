/**
 * The app form rules of spec §5, enforced by the server exactly as by the dialog: required fields
 * and lengths (604 with field errors in the caller's language), the store address rule (format, then
 * the Google Play `id` parameter must equal the package name), a second-level category, and for
 * operations a publisher company and an existing profit centre. The name follows the name rule of
 * contracts/text-rules.ts (no control characters or bidi overrides). Uniqueness is app-service.ts (10006).
 */
import {
  APP_DESCRIPTION_MAX,
  APP_NAME_MAX,
  type AppCreateBody,
  appFieldLabel,
  appText,
  fillText,
  PACKAGE_NAME_MAX,
  STORE_ADDRESS_MAX,
  storeAddressProblem,
} from '@portal/contracts/apps.ts';
import type { Lang } from '@portal/contracts/codes.ts';
import type { FieldError } from '@portal/contracts/envelope.ts';
import { isCleanName, nameCharsText } from '@portal/contracts/text-rules.ts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profitCenters } from '../../db/schema/catalogue.ts';
import { companies } from '../../db/schema/organisations.ts';
import { paramError } from '../../lib/app-error.ts';
import { leafIndustry } from '../industry/industry-service.ts';
import type { Manager } from './access.ts';

/** The normalised (trimmed) fields of a valid app form. */
export type AppFields = {
  app_name: string;
  package_name: string;
  platform: number;
  is_online: number;
  app_store_address: string;
  industry_id: number;
  description: string;
  /** Owning company (operations: the chosen publisher; others: the caller's company). */
  company_id: number;
  profit_center_id: number | null;
};

/**
 * Checks `body` and answers the normalised fields, or throws 604 with every failing field.
 * `ownerOfEdited` is the company of the app being edited (operations keep it when no publisher is sent).
 */
export async function checkAppForm(
  db: Executor,
  m: Manager,
  body: AppCreateBody,
  lang: Lang,
  ownerOfEdited?: number,
): Promise<AppFields> {
  const errors: FieldError[] = [];
  const label = (f: string) => appFieldLabel[f]?.[lang] ?? f;
  const add = (field: string, text: Record<Lang, string>, vars: Record<string, string | number> = {}) =>
    errors.push({ field, message: fillText(text[lang], { field: label(field), ...vars }) });

  const app_name = body.app_name.trim();
  const package_name = body.package_name.trim();
  const app_store_address = body.app_store_address.trim();
  const description = (body.description ?? '').trim();

  if (!app_name) add('app_name', appText.required);
  else if (app_name.length > APP_NAME_MAX) add('app_name', appText.tooLong, { max: APP_NAME_MAX });
  else if (!isCleanName(app_name)) add('app_name', nameCharsText);
  if (!package_name) add('package_name', appText.pkgEmpty);
  else if (package_name.length > PACKAGE_NAME_MAX)
    add('package_name', appText.tooLong, { max: PACKAGE_NAME_MAX });
  if (![1, 2].includes(body.platform)) add('platform', appText.badChoice);
  if (![1, 2].includes(body.is_online)) add('is_online', appText.badChoice);
  if (!app_store_address) add('app_store_address', appText.required);
  else if (app_store_address.length > STORE_ADDRESS_MAX) {
    add('app_store_address', appText.tooLong, { max: STORE_ADDRESS_MAX });
  } else if ([1, 2].includes(body.is_online)) {
    const problem = storeAddressProblem(app_store_address, body.is_online, package_name);
    if (problem) add('app_store_address', appText[problem]);
  }
  if (body.industry_id === undefined || body.industry_id === null) add('industry_id', appText.required);
  else if (!(await leafIndustry(db, body.industry_id))) add('industry_id', appText.badIndustry);
  if (description.length > APP_DESCRIPTION_MAX)
    add('description', appText.tooLong, { max: APP_DESCRIPTION_MAX });

  let company_id = m.companyId ?? ownerOfEdited ?? 0;
  let profit_center_id: number | null = null;
  if (m.isOps) {
    if (body.publisher_id !== undefined) {
      const [co] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, body.publisher_id), eq(companies.is_publisher, 1)))
        .limit(1);
      if (co) company_id = co.id;
      else add('publisher_id', appText.badPublisher);
    } else if (ownerOfEdited === undefined) {
      add('publisher_id', appText.badPublisher);
    }
    if (body.profit_center_id !== undefined && body.profit_center_id !== null) {
      const [pc] = await db
        .select({ id: profitCenters.id })
        .from(profitCenters)
        .where(eq(profitCenters.id, body.profit_center_id))
        .limit(1);
      if (pc) profit_center_id = pc.id;
      else add('profit_center_id', appText.badProfitCenter);
    }
  }
  if (errors.length > 0) throw paramError(errors);
  return {
    app_name,
    package_name,
    platform: body.platform,
    is_online: body.is_online,
    app_store_address,
    industry_id: body.industry_id as number,
    description,
    company_id,
    profit_center_id,
  };
}
