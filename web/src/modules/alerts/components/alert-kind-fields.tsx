import { LOWEST_IN_DAYS, PERCENT_DROP_MAX, PERCENT_DROP_MIN } from '@pt/domain';
import type { AlertKindName } from '@pt/contracts';
import { Select } from '../../../ui/select';
import { TextInput } from '../../../ui/text-input';
import { kindChoice, type KindDraft } from '../utils/alert-kind';

export const KIND_OPTIONS = [
  { value: 'target', label: 'Target price' },
  { value: 'percent_drop', label: 'A percentage below today’s price' },
  { value: 'lowest_in_days', label: 'Lowest price in a period' },
  { value: 'back_in_stock', label: 'Back in stock' },
] as const satisfies readonly { value: AlertKindName; label: string }[];

const DAY_OPTIONS = LOWEST_IN_DAYS.map((d) => ({ value: String(d), label: `${d} days` }));

/**
 * The kind of an alert, signed in or local, and its parameter: a percentage (1–90, from the
 * price when the alert is set) or a period (30, 90 or 365 days). The target field stays the
 * caller's, shown only for target alerts. Back in stock takes no parameter.
 */
export function AlertKindFields({
  draft,
  onChange,
  local = false,
}: {
  draft: KindDraft;
  onChange(draft: KindDraft): void;
  /** A signed-out alert: the browser watches prices only, so no back-in-stock. */
  local?: boolean;
}) {
  const options = local ? KIND_OPTIONS.filter((o) => o.value !== 'back_in_stock') : KIND_OPTIONS;
  const percentInvalid = draft.kind === 'percent_drop' && kindChoice(draft) === null;
  return (
    <>
      <Select
        label="Alert me when"
        size="sm"
        compact
        value={draft.kind}
        options={options}
        testId="alert-kind"
        onValueChange={(kind) => onChange({ ...draft, kind: kind as AlertKindName })}
      />
      {draft.kind === 'percent_drop' && (
        <TextInput
          label={`Percent below (${PERCENT_DROP_MIN}–${PERCENT_DROP_MAX})`}
          size="sm"
          compact
          type="number"
          min={PERCENT_DROP_MIN}
          max={PERCENT_DROP_MAX}
          step="1"
          value={draft.percent}
          onChange={(e) => onChange({ ...draft, percent: e.target.value })}
          aria-invalid={percentInvalid}
        />
      )}
      {draft.kind === 'lowest_in_days' && (
        <Select
          label="Period"
          size="sm"
          compact
          value={draft.days}
          options={DAY_OPTIONS}
          testId="alert-days"
          onValueChange={(days) => onChange({ ...draft, days })}
        />
      )}
    </>
  );
}
