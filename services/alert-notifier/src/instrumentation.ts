// Loaded first by main.ts: instrumentation must patch http, express and pg before they load.
import { instrumentProcess } from '@pt/platform/telemetry/instrument-process';

instrumentProcess('alert-notifier');
