import { useMemo, useState } from 'react';
import { Card, Col, Grid, Menu, Row, Segmented, Select, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  commandPermission,
  MAX_OPTION_STATIONS,
  operationCommands,
  v16OnlyCommands,
  type OcppVersionPath,
  type OperationCommand,
} from '@recarga/contracts/operation-commands';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { foldedSearch } from '../../../lib/select-search';
import { useSearchBox } from '../../../lib/url-state';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { NoPermissionView } from '../../../components/no-permission-view';
import { useFeedback } from '../../../lib/use-feedback';
import { useOperationOptions } from '../api/get-operation-options';
import { useSendCommand } from '../api/send-command';
import { CommandForm } from '../components/command-form';
import { ProfilesView } from '../components/profiles-view';
import { StationTransfer } from '../components/station-transfer';
import { TaskProgress } from '../components/task-progress';
import { TasksView } from '../components/tasks-view';
import { rememberChosen, transferRows, withChosen, type ChosenStation } from '../model/chosen-stations';
import { commandGroups } from '../model/command-groups';
import '../operations.css';

type View = 'v15' | 'v16' | 'tasks' | 'charging_profile';
const viewPermission: Record<View, DashboardRoute> = {
  v15: '/operations/v15',
  v16: '/operations/v16',
  tasks: '/operations/tasks',
  charging_profile: '/operations/charging_profile',
};
const views: View[] = ['v15', 'v16', 'tasks', 'charging_profile'];
/** The protocol versions go by their names ('v1.5'), the same in every language; the other views are translated. */
const viewLabel: Record<View, string | null> = { v15: null, v16: null, tasks: 'views.tasks', charging_profile: 'views.profiles' };
const versionName: Record<View, string> = { v15: 'v1.5', v16: 'v1.6', tasks: '', charging_profile: '' };

/** The address segment of each command (001 §2 route keys: remote_start, remote_reset…). */
const commandSegment = (c: OperationCommand) => commandPermission[c].slice('/operations/'.length);
const commandOfSegment = new Map(operationCommands.map((c) => [commandSegment(c), c]));
/** Stations of a search the list shows at once: typing narrows it. */
const STATION_PAGE = 100;

/** The command area of one OCPP version: menu, stations, parameters. */
function CommandsView({
  version,
  command,
  allowed,
}: {
  version: OcppVersionPath;
  command: OperationCommand | null;
  allowed: OperationCommand[];
}) {
  const { t } = useTranslation('operations');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  const wide = Grid.useBreakpoint().lg ?? true;
  const current = command ?? allowed.find((c) => !(version === 'v1.5' && v16OnlyCommands.has(c))) ?? null;
  const [selected, setSelected] = useState<string[]>([]);
  /** The chosen stations' rows and per-station data, kept whatever the current search answers. */
  const [chosen, setChosen] = useState<Record<string, ChosenStation>>({});
  const [stationSearch, setStationSearch] = useState('');
  const [, typeStationSearch] = useSearchBox(stationSearch, setStationSearch, 300);
  const [tagText, setTagText] = useState('');
  const [, setTagSearch] = useSearchBox(tagText, setTagText, 300);
  const [taskId, setTaskId] = useState<number | null>(null);
  const optionsCommand = current ?? 'clear_cache';
  // The stations: a page of the search, its count, and the chosen ones (with their per-station data).
  const options = useOperationOptions(version, optionsCommand, {
    searchInput: stationSearch,
    size: STATION_PAGE,
    chargeBoxIds: selected.slice(0, MAX_OPTION_STATIONS),
  });
  // The tag typed (remote start, reserve now, local list): a call of its own without stations (size 0),
  // so typing a tag does not fetch the stations again.
  const tagSearch = tagText.trim();
  const tags = useOperationOptions(version, optionsCommand, { idTag: tagSearch, size: 0 }, tagSearch !== '');
  const formOptions = useMemo(() => {
    const merged = withChosen(options.data, selected, chosen);
    return merged && tagSearch && tags.data ? { ...merged, idTagList: tags.data.idTagList } : merged;
  }, [options.data, selected, chosen, tagSearch, tags.data]);

  const send = useSendCommand(version, optionsCommand);

  const choose = (ids: string[]) => {
    setChosen((previous) => rememberChosen(previous, ids, options.data));
    setSelected(ids);
  };

  /** Sends the command to the selected stations; a refusal is left to the form, which words it by field. */
  const submit = async (body: Record<string, unknown>) => {
    if (!current) return;
    if (selected.length === 0) {
      message.error(t('validation.station'));
      return;
    }
    const answer = await send.mutateAsync({ ...body, chargePointSelectList: selected });
    setTaskId(answer.taskId);
    message.success(t('sent'));
  };

  // The chosen command's form replaces the other at the click (flushSync), not when the router's
  // transition gets its turn: on a slow device that came a second later, under the operator's hands,
  // while they were already filling in the previous command's fields.
  const chooseCommand = (next: OperationCommand) => {
    setTaskId(null);
    void navigate(`/operations/${commandSegment(next)}${version === 'v1.5' ? '?v=15' : ''}`, { flushSync: true });
  };
  /** Why a command is greyed, in words shown beside it; null when it can be chosen. */
  const whyUnavailable = (c: OperationCommand): string | null =>
    !allowed.includes(c) ? t('commands.whyNotInProfile') : version === 'v1.5' && v16OnlyCommands.has(c) ? t('commands.whyV16Only') : null;
  /** A greyed command's name with its reason under it (read together by screen readers). */
  const withReason = (label: string, why: string | null) =>
    why ? (
      <span className="operations-menu__item">
        <span>{label}</span>
        <span className="operations-menu__why">{why}</span>
      </span>
    ) : (
      label
    );
  const menuGroups = commandGroups.map((group) => ({
    key: group.key,
    type: 'group' as const,
    label: t(`commandGroups.${group.key}`),
    children: [
      ...group.commands.map((c) => {
        const why = whyUnavailable(c);
        return { key: c, label: withReason(t(`commands.${c}`), why), disabled: why !== null, title: why ?? undefined };
      }),
      // 001 §4: Power Limit is always disabled.
      ...(group.key === 'profiles'
        ? [
            {
              key: 'power_limit',
              label: withReason(t('commands.powerLimit'), t('commands.whyPowerLimit')),
              disabled: true,
              title: t('commands.whyPowerLimit'),
            },
          ]
        : []),
    ],
  }));

  return (
    <Row gutter={[16, 16]} className="operations-columns">
      <Col xs={24} lg={6}>
        <Card size="small" title={t('commands.label')} className="operations-menu-card">
          {wide ? (
            <Menu
              className="operations-menu"
              mode="inline"
              selectedKeys={current ? [current] : []}
              onClick={({ key }) => chooseCommand(key as OperationCommand)}
              items={menuGroups}
            />
          ) : (
            <Select
              className="operations-command-select"
              aria-label={t('commands.label')}
              showSearch={foldedSearch()}
              value={current ?? undefined}
              placeholder={t('form.noCommand')}
              onChange={(c: OperationCommand) => chooseCommand(c)}
              options={menuGroups.map((group) => ({
                label: group.label,
                title: group.label,
                options: group.children.map((item) => ({ value: item.key, label: item.label, disabled: item.disabled })),
              }))}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={13}>
            <Card
              size="small"
              title={t('stations.title')}
              extra={
                selected.length ? (
                  <Typography.Text type="secondary">{t('stations.count', { count: selected.length })}</Typography.Text>
                ) : null
              }
            >
              {options.isError ? (
                <LoadError title={t('stations.loadError')} retryText={t('tasks.retry')} onRetry={() => void options.refetch()} />
              ) : (
                <StationTransfer
                  rows={transferRows(options.data, selected, chosen)}
                  selected={selected}
                  count={options.data?.count}
                  shown={STATION_PAGE}
                  searching={stationSearch.trim() !== ''}
                  onSearch={typeStationSearch}
                  onChange={choose}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={11}>
            <Card size="small" className="operations-form-card" title={current ? t(`commands.${current}`) : t('form.title')}>
              {current ? (
                <CommandForm
                  key={`${version}-${current}`}
                  command={current}
                  options={formOptions}
                  selected={selected}
                  sending={send.isPending}
                  onSend={submit}
                  onTagSearch={setTagSearch}
                />
              ) : (
                <Typography.Text type="secondary">{t('form.noCommand')}</Typography.Text>
              )}
            </Card>
          </Col>
          {taskId !== null ? (
            <Col xs={24}>
              <TaskProgress taskId={taskId} canSeeTasks={permitted.has('/operations/tasks')} />
            </Col>
          ) : null}
        </Row>
      </Col>
    </Row>
  );
}

/**
 * /operations (001 §2 Remote operations, §4): toggles v1.5 / v1.6 / Tasks / Charging Profiles —
 * the first allowed is the default, v1.6 the fallback — and sub-routes /operations/v15, /v16,
 * /tasks, /charging_profile and /operations/<command> (a 1.5 command keeps `?v=15`).
 */
export function OperationsPage() {
  const { t } = useTranslation('operations');
  const navigate = useNavigate();
  const { view: segment } = useParams();
  const permitted = usePermittedRoutes();
  const allowedViews = views.filter((v) => permitted.has(viewPermission[v]));
  const command = segment ? (commandOfSegment.get(segment) ?? null) : null;
  const asked = segment && (views as string[]).includes(segment) ? (segment as View) : null;
  const [params] = useSearchParams();
  const v15Asked = params.get('v') === '15';
  const view: View = asked ?? (command ? (v15Asked && permitted.has('/operations/v15') ? 'v15' : 'v16') : (allowedViews[0] ?? 'v16'));
  const allowedCommands = operationCommands.filter((c) => permitted.has(commandPermission[c]));

  if (segment && !asked && !command) return <EmptyState title={t('form.noCommand')} />;
  // Opened by its address, a view or command the profile does not include shows the no-permission
  // view, never a form whose sending the server would refuse (v1.6 is every operator's fallback view).
  const forbiddenView = asked !== null && asked !== 'v16' && !permitted.has(viewPermission[asked]);
  const forbiddenCommand = command !== null && !allowedCommands.includes(command);
  if (forbiddenView || forbiddenCommand) return <NoPermissionView />;

  return (
    <div className="screen operations-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Segmented
        className="operations-toggle"
        aria-label={t('views.label')}
        value={view}
        onChange={(v) => void navigate(`/operations/${v as View}`)}
        options={views.map((v) => ({
          value: v,
          label: viewLabel[v] ? t(viewLabel[v]) : versionName[v],
          disabled: !permitted.has(viewPermission[v]) && v !== 'v16',
          // A greyed view says why when pointed at or focused.
          title: !permitted.has(viewPermission[v]) && v !== 'v16' ? t('views.whyNotInProfile') : undefined,
        }))}
      />
      {view === 'tasks' ? <TasksView /> : null}
      {view === 'charging_profile' ? <ProfilesView /> : null}
      {view === 'v15' || view === 'v16' ? (
        <CommandsView key={view} version={view === 'v15' ? 'v1.5' : 'v1.6'} command={command} allowed={allowedCommands} />
      ) : null}
    </div>
  );
}
