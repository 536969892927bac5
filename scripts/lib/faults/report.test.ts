// The fault run's section of docs/reliability.md: replaced between its markers, everything around
// it kept as written; a document without the markers gets the section at its end.
import { describe, expect, it } from 'vitest';
import { BEGIN, END, replaceSection } from './report';

describe('replaceSection', () => {
  const section = `${BEGIN}\nnew table\n${END}`;

  it('replaces what is between the markers and keeps the rest', () => {
    const doc = `# Title\n\nbefore\n\n${BEGIN}\nold table\n${END}\n\nafter\n`;
    expect(replaceSection(doc, section)).toBe(`# Title\n\nbefore\n\n${BEGIN}\nnew table\n${END}\n\nafter\n`);
  });

  it('appends the section to a document that has none', () => {
    expect(replaceSection('# Title\n\ntext\n\n', section)).toBe(`# Title\n\ntext\n\n${section}\n`);
  });
});
