/**
 * The account's report time zone (issue 13 item 9): hourly reports (SDK, affiliate) show their days
 * and hours on this clock; "network time zone" (null on the wire) follows REPORT_TIMEZONE. Saved with
 * `PUT /api/v1/user/timezone`; on success the session's user info is replaced and every cached report
 * refetched, since their days moved. Errors toast from the request client.
 */
import type { UserInfo } from '@portal/contracts/account.ts';
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '@/lib/call-endpoint.ts';
import { succeed } from '@/lib/notify.ts';
import { setUserInfo } from '@/lib/session.ts';
import { timeZones } from '@/lib/time-zones.ts';

/** Select value standing for "the network's zone" (null on the wire). */
const NETWORK = '';

/** Saves `timezone` (null: the network's) and answers the new user info. */
export async function saveReportZone(timezone: string | null): Promise<UserInfo> {
  return callEndpoint(accountEndpoints.setTimezone, { body: { timezone } });
}

/** The zone picker of the account info screen (`data-testid="info-timezone"`). */
export function ReportZoneSelect({ info }: { info: UserInfo }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const options = useMemo(
    () => [
      { value: NETWORK, label: t('info.zoneNetwork', { zone: info.network_timezone }) },
      ...timeZones().map((z) => ({ value: z, label: z })),
    ],
    [t, info.network_timezone],
  );
  const save = useMutation({
    mutationFn: saveReportZone,
    onSuccess: async (next) => {
      setUserInfo(next);
      succeed(t('info.zoneSaved'));
      await client.invalidateQueries();
    },
  });
  return (
    <Select
      showSearch
      optionFilterProp="label"
      style={{ width: '100%', maxWidth: 320 }}
      value={save.isPending ? (save.variables ?? NETWORK) : (info.timezone ?? NETWORK)}
      options={options}
      loading={save.isPending}
      disabled={save.isPending}
      onChange={(v: string) => save.mutate(v === NETWORK ? null : v)}
      aria-label={t('info.timezone')}
      data-testid="info-timezone"
    />
  );
}
