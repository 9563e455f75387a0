import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MaxSearchResultsValueSchema, UpsertSettingBodySchema } from '@pt/contracts';
import {
  FEATURE_FLAGS,
  isFeatureEnabled,
  isSettingOn,
  parseFeatureFlags,
  parseMaxSearchResults,
  SETTING_KEYS,
  type FeatureFlag,
  type FeatureFlags,
} from '@pt/domain';
import { useContractForm } from '../../lib/contract-form';
import { fetchAllSettings, saveSetting, settingsKeys } from '../../modules/settings-loader/api/settings';
import { Skeleton } from '../../ui/loading-screen';
import { Page } from '../../ui/page';
import { Switch } from '../../ui/switch';
import { TextInput } from '../../ui/text-input';

/** The settings editor: maintenance, beta flag, feature flags, max results (§1, §3). */
export default function AdminSettings() {
  const queryClient = useQueryClient();
  const all = useQuery({ queryKey: settingsKeys.all, queryFn: fetchAllSettings });
  const map = Object.fromEntries((all.data ?? []).map((s) => [s.key, s.value]));
  const save = useMutation({
    mutationFn: ({ key, value }: { key: string; value: unknown }) => saveSetting(key, value),
    onSuccess: (_data, { key }) => {
      toast.success(`Saved ${key}`);
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
    onError: (error) => toast.error(error.message),
  });

  if (all.isLoading)
    return (
      <Page title="System settings">
        <Skeleton lines={4} label="Loading settings" />
      </Page>
    );
  if (all.isError)
    return (
      <Page title="System settings">
        <p className="form-error" role="alert">
          Settings are unavailable: {all.error.message}
        </p>
      </Page>
    );
  return (
    <Page title="System settings">
      <Switch
        label="Maintenance mode"
        checked={isSettingOn(map[SETTING_KEYS.maintenanceMode])}
        disabled={save.isPending}
        onCheckedChange={(on) => save.mutate({ key: SETTING_KEYS.maintenanceMode, value: on })}
      />
      <br />
      <Switch
        label="Beta landing page"
        checked={isSettingOn(map[SETTING_KEYS.betaLandingEnabled])}
        disabled={save.isPending}
        onCheckedChange={(on) => save.mutate({ key: SETTING_KEYS.betaLandingEnabled, value: on })}
      />
      <MaxResults
        value={parseMaxSearchResults(map[SETTING_KEYS.maxSearchResults])}
        onSave={(n) => save.mutate({ key: SETTING_KEYS.maxSearchResults, value: n })}
      />
      <FeatureFlagSwitches
        value={parseFeatureFlags(map[SETTING_KEYS.featureFlags])}
        disabled={save.isPending}
        onSave={(flags) => save.mutate({ key: SETTING_KEYS.featureFlags, value: flags })}
      />
      <h2>All settings</h2>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Value</th>
            <th scope="col">Public</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {(all.data ?? []).map((s) => (
            <tr key={s.key}>
              <td>{s.key}</td>
              <td>
                <code>{JSON.stringify(s.value)}</code>
              </td>
              <td>{s.is_public ? 'yes' : 'no'}</td>
              <td>{new Date(s.updated_at).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}

/** The settings upsert body with the max results rule for its value. */
const MaxResultsBodySchema = UpsertSettingBodySchema.extend({ value: MaxSearchResultsValueSchema });

function MaxResults({ value, onSave }: { value: number; onSave(n: number): void }) {
  const form = useContractForm(MaxResultsBodySchema, { value: String(value) });
  return (
    <form className="row" noValidate onSubmit={form.handleSubmit((body) => onSave(body.value))}>
      <TextInput
        id="max-results"
        label="Maximum search results"
        compact
        type="number"
        min={1}
        step={1}
        error={form.formState.errors.value?.message}
        {...form.register('value')}
      />
      <button type="submit" className="btn" style={{ alignSelf: 'flex-end' }}>
        Save
      </button>
    </form>
  );
}

/** One switch per flag the app reads (FEATURE_FLAGS); a save writes all of them. */
function FeatureFlagSwitches({
  value,
  disabled,
  onSave,
}: {
  value: FeatureFlags;
  disabled: boolean;
  onSave(flags: Record<FeatureFlag, boolean>): void;
}) {
  const names = Object.keys(FEATURE_FLAGS) as FeatureFlag[];
  const current = Object.fromEntries(names.map((name) => [name, isFeatureEnabled(value, name)])) as Record<
    FeatureFlag,
    boolean
  >;
  return (
    <fieldset>
      <legend>Feature flags</legend>
      {names.map((name) => (
        <Switch
          key={name}
          label={FEATURE_FLAG_LABELS[name]}
          checked={current[name]}
          disabled={disabled}
          onCheckedChange={(on) => onSave({ ...current, [name]: on })}
        />
      ))}
    </fieldset>
  );
}

const FEATURE_FLAG_LABELS: Record<FeatureFlag, string> = {
  deals: 'Deals screen',
  trending: 'Trending screen',
};
