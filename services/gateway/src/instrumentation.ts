// Loaded first by main.ts: instrumentation must patch http and express before they load.
import { instrumentProcess } from '@pt/platform/telemetry/instrument-process';

instrumentProcess('gateway');
