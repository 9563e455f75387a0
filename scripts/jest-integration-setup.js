// Integration tests talk to real databases, brokers and child processes: allow them time.
jest.setTimeout(60_000);
