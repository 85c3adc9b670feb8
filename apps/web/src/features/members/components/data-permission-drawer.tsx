/**
 * The data-permission editor of one member (spec §6): which SDK app keys (type 3), RTB channels (4)
 * and affiliate channels (5) the member may see, picked from the organisation's options the server
 * lists. Saving replaces the member's permissions; reports follow on the member's next request.
 */
import { DataPermissionType } from '@portal/contracts/constants.ts';
import type { DataPermissionEntry, MemberItem } from '@portal/contracts/members.ts';
import { Alert, Button, Checkbox, Drawer, Empty, Space, Spin, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { succeed } from '@/lib/notify.ts';
import { useClickLock } from '@/lib/use-click-lock.ts';
import { useDataPermissions, useSaveDataPermissions } from '../api/members-api.ts';

type PermType = 3 | 4 | 5;
const TYPES: PermType[] = [DataPermissionType.SDK, DataPermissionType.RTB, DataPermissionType.AFFILIATE];
const keyOf = (e: { type: number; rule: string }) => `${e.type}:${e.rule}`;

function TypeList(props: {
  options: DataPermissionEntry[];
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation('members');
  const { options, selected, onChange } = props;
  if (options.length === 0) return <Empty description={t('perm.noOptions')} />;
  const keys = options.map(keyOf);
  const count = keys.filter((k) => selected.has(k)).length;
  const toggleAll = (on: boolean) => {
    const next = new Set(selected);
    for (const k of keys) on ? next.add(k) : next.delete(k);
    onChange(next);
  };
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Checkbox
          checked={count === keys.length}
          indeterminate={count > 0 && count < keys.length}
          onChange={(e) => toggleAll(e.target.checked)}
        >
          {t('perm.selectAll')}
        </Checkbox>
        <Typography.Text type="secondary">{t('perm.count', { count, total: keys.length })}</Typography.Text>
      </Space>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
        {options.map((o) => (
          <Checkbox
            key={keyOf(o)}
            data-testid={`perm-${keyOf(o)}`}
            checked={selected.has(keyOf(o))}
            onChange={(e) => {
              const next = new Set(selected);
              e.target.checked ? next.add(keyOf(o)) : next.delete(keyOf(o));
              onChange(next);
            }}
          >
            <span>{o.name}</span>
            {o.type === DataPermissionType.SDK && (
              <Typography.Text
                type="secondary"
                style={{ marginLeft: 8, fontFamily: 'monospace', fontSize: 12 }}
              >
                {o.rule}
              </Typography.Text>
            )}
          </Checkbox>
        ))}
      </div>
    </div>
  );
}

/** The drawer editing `user`'s data permissions; closed when `user` is null. */
export function DataPermissionDrawer({ user, onClose }: { user: MemberItem | null; onClose: () => void }) {
  const { t } = useTranslation('members');
  const editor = useDataPermissions(user?.user_id ?? null);
  const save = useSaveDataPermissions();
  const [locked, lock] = useClickLock();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const granted = editor.data?.granted;

  useEffect(() => {
    setSelected(new Set((granted ?? []).map(keyOf)));
  }, [granted]);

  const byType = useMemo(() => {
    const map = new Map<number, DataPermissionEntry[]>(TYPES.map((k) => [k, []]));
    for (const o of editor.data?.options ?? []) map.get(o.type)?.push(o);
    return map;
  }, [editor.data]);

  const onSave = async () => {
    if (!user) return;
    lock();
    const permissions = (editor.data?.options ?? [])
      .filter((o) => selected.has(keyOf(o)))
      .map((o) => ({ type: o.type, rule: o.rule }));
    try {
      await save.mutateAsync({ user_id: user.user_id, permissions });
      succeed(t('perm.saved'));
      onClose();
    } catch {
      // shown by the request client
    }
  };

  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      size="large"
      title={t('perm.title', { email: user?.email ?? '' })}
      data-testid="perm-drawer"
      extra={
        <Button
          type="primary"
          onClick={onSave}
          disabled={locked || !editor.data}
          loading={save.isPending}
          data-testid="perm-save"
        >
          {t('perm.save')}
        </Button>
      }
    >
      {user?.role_ids.includes(67) && (
        <Alert type="info" showIcon title={t('perm.adminNote')} style={{ marginBottom: 16 }} />
      )}
      {editor.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : editor.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : (
        <Tabs
          items={TYPES.map((type) => ({
            key: String(type),
            label: (
              <span data-testid={`perm-tab-${type}`}>
                {t(`perm.types.${type}`)} (
                {(byType.get(type) ?? []).filter((o) => selected.has(keyOf(o))).length})
              </span>
            ),
            children: (
              <TypeList options={byType.get(type) ?? []} selected={selected} onChange={setSelected} />
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
