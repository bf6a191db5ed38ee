import { describe, expect, it } from 'vitest';
import { escapeHtml, greetingName, mailboxOf, plainLine } from '../../src/server/platform/visitor-mail-text';

describe('mailboxOf: the mailbox a cap counts', () => {
  it('ignores case and surrounding spaces', () => {
    expect(mailboxOf('  Lan.Anh@Example.COM ')).toBe('lan.anh@example.com');
  });

  it('drops a +tag on every domain (plus addressing delivers to the same mailbox)', () => {
    expect(mailboxOf('lan+datcoc@example.com')).toBe('lan@example.com');
    expect(mailboxOf('lan+a+b@outlook.com')).toBe('lan@outlook.com');
  });

  it('ignores the dots of a Gmail address and reads googlemail.com as gmail.com', () => {
    expect(mailboxOf('Lan.Anh+x@gmail.com')).toBe('lananh@gmail.com');
    expect(mailboxOf('l.a.n.anh@googlemail.com')).toBe('lananh@gmail.com');
    // Elsewhere a dot is part of the name.
    expect(mailboxOf('lan.anh@yahoo.com')).not.toBe(mailboxOf('lananh@yahoo.com'));
  });
});

describe('greetingName: the one piece of visitor text a mail may carry', () => {
  it('keeps a real name, its diacritics, an initial, an apostrophe or a hyphen', () => {
    expect(greetingName('Nguyễn Văn A')).toBe('Nguyễn Văn A');
    expect(greetingName('  Trần   thị  B.  ')).toBe('Trần thị B.');
    expect(greetingName("Mary O'Neil-Smith")).toBe("Mary O'Neil-Smith");
  });

  it('answers "Quý khách" for anything that is not a name', () => {
    for (const bad of [
      'Hoa\nTài khoản bị khóa',
      'Hoa\r\nBcc: x@evil.example',
      '<b>Hoa</b>',
      'Hoa http://evil.example',
      'Hoa evil.example',
      'Gọi 0900000000',
      'hoa@example.com',
      'Hoa\u202eevil',
      'Một hai ba bốn năm sáu bảy tám',
      'A'.repeat(51),
      '',
      '   ',
      null,
    ])
      expect(greetingName(bad)).toBe('Quý khách');
  });
});

describe('plainLine and escapeHtml', () => {
  it('plainLine strips control and direction characters, folds lines and cuts to the length', () => {
    expect(plainLine('a\r\nb\tc\u0007d\u202ee', 100)).toBe('a b cde');
    expect(plainLine('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('escapeHtml escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
