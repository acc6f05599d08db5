import { describe, expect, it } from 'vitest';
import { linksInText } from './links-in-text';

describe('linksInText', () => {
  it('should find http(s) addresses and leave the sentence punctuation outside them', () => {
    expect(
      linksInText('Read https://example.com/terms. Then pay (see http://bank.example/pay?x=1).'),
    ).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', url: 'https://example.com/terms' },
      { kind: 'text', text: '. Then pay (see ' },
      { kind: 'link', url: 'http://bank.example/pay?x=1' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('should keep other schemes and plain text as words', () => {
    expect(linksInText('javascript:alert(1) ftp://x.example no link')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://x.example no link' },
    ]);
    expect(linksInText('')).toEqual([]);
  });
});
