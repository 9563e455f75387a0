import { randomUUID } from 'node:crypto';
import { Topics, type SettingsChangedPayload, type SettingsChangedStreamEvent } from '@pt/contracts';
import { SETTING_KEYS, parseMaintenanceMode } from '@pt/domain';
import { type EventBus, type Logger, type Subscription, payloadOf } from '@pt/platform';

type Listener = (event: SettingsChangedStreamEvent) => void;

/**
 * Which values browsers may see in the stream: the public keys (§6) and maintenance_mode, whose
 * state any caller can observe anyway from the 503s. Other keys go out as "key changed, reload".
 */
const VALUE_VISIBLE_KEYS = new Set<string>([SETTING_KEYS.maintenanceMode]);

export function toStreamEvent(
  payload: SettingsChangedPayload & { revision: number },
): SettingsChangedStreamEvent {
  const visible = payload.isPublic || VALUE_VISIBLE_KEYS.has(payload.key);
  return {
    key: payload.key,
    revision: payload.revision,
    isPublic: payload.isPublic,
    ...(visible ? { value: payload.value } : {}),
    ...(payload.updatedAt ? { updatedAt: payload.updatedAt } : {}),
  };
}

/**
 * The gateway's view of system settings, fed by settings.changed: the latest change of each key
 * with its revision. It answers the maintenance switch on every request (no I/O) and lets a
 * reconnecting SSE client catch up: settings are state, so "every key whose latest revision is
 * newer than Last-Event-ID" is exactly what it missed, however many writes happened meanwhile.
 *
 * Each gateway process reads the topic with a consumer group of its own (every process must see
 * every change); the group starts at what the topic retains, and the settings service re-announces
 * every row when it starts, so a fresh gateway learns the current values.
 */
export class SettingsFeed {
  private readonly latest = new Map<string, SettingsChangedPayload & { revision: number }>();
  private readonly listeners = new Set<Listener>();
  private subscription?: Subscription;

  constructor(private readonly logger?: Pick<Logger, 'warn' | 'debug'>) {}

  async start(bus: EventBus, group = `gateway.settings.${randomUUID()}`): Promise<void> {
    this.subscription = await bus.subscribe(
      Topics.settingsChanged,
      group,
      async (envelope) => {
        const payload = payloadOf(Topics.settingsChanged, envelope);
        this.apply(payload);
      },
      { perProcess: true },
    );
  }

  /** Takes a change; older or repeated revisions of a key (redeliveries, re-announcements) are ignored. */
  apply(payload: SettingsChangedPayload): void {
    const revision = payload.revision ?? 0;
    const known = this.latest.get(payload.key);
    if (known && known.revision >= revision) return;
    const entry = { ...payload, revision };
    this.latest.set(payload.key, entry);
    const event = toStreamEvent(entry);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger?.warn({ err: error }, 'settings stream listener failed');
      }
    }
  }

  get maintenanceMode(): boolean {
    return parseMaintenanceMode(this.latest.get(SETTING_KEYS.maintenanceMode)?.value);
  }

  /** The highest revision seen (0 before any). */
  get revision(): number {
    let max = 0;
    for (const entry of this.latest.values()) max = Math.max(max, entry.revision);
    return max;
  }

  /** The latest change of `key` as the stream shows it, or undefined if the feed never saw it. */
  current(key: string): SettingsChangedStreamEvent | undefined {
    const entry = this.latest.get(key);
    return entry && toStreamEvent(entry);
  }

  /** The latest change of every key changed after `revision`, oldest first. */
  since(revision: number): SettingsChangedStreamEvent[] {
    return [...this.latest.values()]
      .filter((entry) => entry.revision > revision)
      .sort((a, b) => a.revision - b.revision)
      .map(toStreamEvent);
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.subscription?.close();
  }
}
