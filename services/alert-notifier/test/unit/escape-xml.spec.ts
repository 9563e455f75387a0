import { escapeXml } from '../../src/services/escape-xml';

describe(escapeXml.name, () => {
  it.each([
    ['markup and quotes', `<script>&"'`, '&lt;script&gt;&amp;&quot;&apos;'],
    ['control characters XML forbids', 'a\u0000b\u0008c\u001fd', 'abcd'],
    ['tab and newline kept', 'a\tb\nc', 'a\tb\nc'],
    ['a lone surrogate dropped, a pair kept', 'x\ud800y😀', 'xy😀'],
    ['U+FFFE and U+FFFF dropped', 'a\ufffeb\uffff', 'ab'],
  ])('%s', (_name, input, expected) => {
    expect(escapeXml(input)).toBe(expected);
  });
});
