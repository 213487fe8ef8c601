import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { FileGroup } from '@huoke/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Menu, message, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { confirmAction } from '../confirm';
import { pickerApi } from './api';
import type { PickerTexts } from './texts';

/** A group's name being written (new or renamed): saved on Enter or blur, dropped on Escape; required. */
function GroupNameInput({
  tx,
  name,
  error,
  onName,
  onSave,
  onEmpty,
  onCancel,
}: {
  tx: PickerTexts;
  name: string;
  error: boolean;
  onName: (name: string) => void;
  onSave: () => void;
  onEmpty: () => void;
  onCancel: () => void;
}) {
  return (
    <div style={{ padding: '4px 8px' }}>
      <Input
        size="small"
        autoFocus
        aria-label={tx.groupName}
        placeholder={tx.groupName}
        status={error ? 'error' : undefined}
        value={name}
        onChange={(e) => onName(e.target.value)}
        onBlur={() => {
          if (!name.trim()) onEmpty();
          else onSave();
        }}
        onPressEnter={onSave}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          // Escape drops the name only: the dialog around the list (选择素材) closes on an Escape that reaches the window.
          e.stopPropagation();
          onCancel();
        }}
      />
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {tx.groupName}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * A group's edit or delete action: a button named for assistive tech and, as a tooltip, for the eye. It keeps its
 * keys to itself: the menu item around it would otherwise take Enter for choosing the group.
 */
function GroupAction({ label, icon, onAct }: { label: string; icon: ReactNode; onAct: () => void }) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        onClick={(e) => {
          e.stopPropagation();
          onAct();
        }}
        onKeyDown={(e) => e.stopPropagation()}
      />
    </Tooltip>
  );
}

/** A group's name and, where its caller may change it, its edit and delete buttons. */
function GroupLabel({
  tx,
  group,
  onEdit,
  onDelete,
}: {
  tx: PickerTexts;
  group: FileGroup;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
      <Typography.Text ellipsis style={{ maxWidth: 90 }}>
        {group.name}
      </Typography.Text>
      {/* Only the group's creator or an administrator may rename or delete it (the server says so too). */}
      {group.canEdit && (
        <span style={{ display: 'inline-flex' }}>
          <GroupAction label={tx.editGroup} icon={<EditOutlined />} onAct={onEdit} />
          <GroupAction label={tx.deleteGroup} icon={<DeleteOutlined />} onAct={onDelete} />
        </span>
      )}
    </span>
  );
}

const GROUPS_KEY = ['materials', 'groups'] as const;

/**
 * 全部 + the groups, each editable in place; a new or edited name is required (请输入分组名称, on blur). A column
 * beside the grid, or `stacked` above it (a phone), as wide as the dialog.
 */
export function GroupList({
  tx,
  value,
  onChange,
  stacked = false,
}: {
  tx: PickerTexts;
  value: number;
  onChange: (id: number) => void;
  stacked?: boolean;
}) {
  const qc = useQueryClient();
  const { data: groups = [] } = useQuery({ queryKey: GROUPS_KEY, queryFn: pickerApi.groups });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['materials'] });

  const save = async () => {
    const n = name.trim();
    if (!n) {
      setError(true);
      return;
    }
    try {
      if (editing === 'new') await pickerApi.addGroup(n);
      else if (typeof editing === 'number') await pickerApi.editGroup(editing, n);
      message.success(tx.success);
      setEditing(null);
      setError(false);
      await refresh();
    } catch {
      // the request client has shown the error
    }
  };
  const remove = async (g: FileGroup) => {
    // 是否执行此操作? / 提示 (SPEC §8); the files of the group move to no group.
    if (!(await confirmAction())) return;
    await pickerApi.deleteGroup(g.id);
    message.success(tx.success);
    if (value === g.id) onChange(0);
    // The deleted group's file pages are dropped, not reloaded: they would answer 分组不存在 (404) to the user.
    qc.removeQueries({ queryKey: ['materials', 'files', g.id] });
    await refresh();
  };

  const editor = (
    <GroupNameInput
      tx={tx}
      name={name}
      error={error}
      onName={(v) => {
        setName(v);
        if (v.trim()) setError(false);
      }}
      onSave={() => void save()}
      onEmpty={() => setError(true)}
      onCancel={() => {
        setEditing(null);
        setError(false);
      }}
    />
  );

  return (
    <div
      style={
        stacked
          ? { borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }
          : { width: 180, flex: 'none', borderRight: '1px solid #f0f0f0', paddingRight: 8 }
      }
      data-testid="material-groups"
    >
      <Menu
        mode="inline"
        style={{ borderInlineEnd: 0 }}
        selectedKeys={[String(value)]}
        onClick={({ key }) => onChange(Number(key))}
        items={[
          { key: '0', label: tx.all },
          ...groups.map((g) => ({
            key: String(g.id),
            label:
              editing === g.id ? (
                editor
              ) : (
                <GroupLabel
                  tx={tx}
                  group={g}
                  onEdit={() => {
                    setName(g.name);
                    setError(false);
                    setEditing(g.id);
                  }}
                  onDelete={() => void remove(g).catch(() => undefined)}
                />
              ),
          })),
        ]}
      />
      {editing === 'new' ? (
        editor
      ) : (
        <Button
          type="dashed"
          block
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            setName('');
            setError(false);
            setEditing('new');
          }}
        >
          {tx.addGroup}
        </Button>
      )}
    </div>
  );
}
