// Integration tests talk to real databases, brokers and child processes: allow them time.
jest.setTimeout(60_000);
// A service answering an error code its API_ROUTES entry does not declare answers 500
// `undeclared_error_code` instead, so the test that provoked it fails (libs/platform endpoint.ts).
process.env.PT_STRICT_ERROR_CODES = '1';
