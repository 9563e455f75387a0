import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { isSettingOn, parseFeatureFlags, parseMaxSearchResults, SETTING_KEYS } from '@pt/domain';
import { fetchAllSettings, saveSetting, settingsKeys } from '../../modules/settings-loader/api/settings';
import { Skeleton } from '../../ui/loading-screen';
import { Page } from '../../ui/page';
import { Switch } from '../../ui/switch';

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
      <FeatureFlags
        value={parseFeatureFlags(map[SETTING_KEYS.featureFlags])}
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

function MaxResults({ value, onSave }: { value: number; onSave(n: number): void }) {
  const [draft, setDraft] = useState(String(value));
  const n = Number(draft);
  const valid = Number.isInteger(n) && n >= 1;
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave(n);
      }}
    >
      <div className="field" style={{ marginBottom: 0 }}>
        <label htmlFor="max-results">Maximum search results</label>
        <input
          id="max-results"
          type="number"
          min={1}
          step={1}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
      </div>
      <button type="submit" className="btn" disabled={!valid} style={{ alignSelf: 'flex-end' }}>
        Save
      </button>
    </form>
  );
}

function FeatureFlags({
  value,
  onSave,
}: {
  value: Record<string, unknown>;
  onSave(flags: Record<string, unknown>): void;
}) {
  const [draft, setDraft] = useState(JSON.stringify(value, null, 2));
  let parsed: Record<string, unknown> | null = null;
  try {
    const v: unknown = JSON.parse(draft);
    parsed = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    parsed = null;
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed) onSave(parsed);
      }}
    >
      <div className="field">
        <label htmlFor="feature-flags">Feature flags (JSON object)</label>
        <textarea
          id="feature-flags"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-invalid={parsed ? undefined : true}
          aria-describedby="feature-flags-help"
        />
        <p id="feature-flags-help" className={parsed ? 'muted' : 'field-error'}>
          {parsed
            ? 'Each key is a flag; true or "true" turns it on.'
            : 'Enter a JSON object, e.g. {"compare": true}.'}
        </p>
      </div>
      <button type="submit" className="btn" disabled={!parsed}>
        Save feature flags
      </button>
    </form>
  );
}
