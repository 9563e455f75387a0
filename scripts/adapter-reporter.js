// Lists which adapter contract suites ran and which were skipped (with the reason), from the
// "[adapter port/name]" titles registered by describeAdapter() in libs/testing. For a suite that
// ran: its counts, the time its cases took, and each case it skipped (the title says why).
const TITLE = /^\[adapter ([^\]]+)\](?: skipped: (.*))?$/;

class AdapterReporter {
  constructor() {
    this.suites = new Map();
  }

  onTestResult(_test, result) {
    for (const assertion of result.testResults) {
      const top = assertion.ancestorTitles[0];
      const match = top && TITLE.exec(top);
      if (!match) continue;
      const [, name, reason] = match;
      const entry = this.suites.get(name) ?? {
        passed: 0,
        failed: 0,
        skipped: 0,
        ms: 0,
        skippedCases: [],
        reason,
      };
      if (assertion.status === 'passed') entry.passed++;
      else if (assertion.status === 'failed') entry.failed++;
      else {
        entry.skipped++;
        entry.skippedCases.push(assertion.title);
      }
      entry.ms += assertion.duration ?? 0;
      if (reason) entry.reason = reason;
      this.suites.set(name, entry);
    }
  }

  onRunComplete() {
    if (this.suites.size === 0) return;
    const lines = ['', 'Adapter contract suites:'];
    for (const [name, e] of [...this.suites].sort(([a], [b]) => a.localeCompare(b))) {
      const ran = e.passed + e.failed;
      if (ran === 0) {
        lines.push(`  SKIPPED  ${name}: ${e.reason ?? 'no test ran'}`);
        continue;
      }
      lines.push(
        `  RAN      ${name}: ${e.passed} passed, ${e.failed} failed, ${e.skipped} skipped (${(e.ms / 1000).toFixed(1)} s)`,
      );
      for (const title of e.skippedCases) lines.push(`             skipped: ${title}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

module.exports = AdapterReporter;
