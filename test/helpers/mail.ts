/** Decodes a quoted-printable .eml body enough to read it. */
export function decodeMail(raw: string): string {
  const softBreaks = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaks.length; i++) {
    const ch = softBreaks[i];
    if (ch === '=' && /^[0-9A-F]{2}$/.test(softBreaks.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(softBreaks.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The ten-digit code of a reset or invitation mail ("Mã xác nhận: 12345 67890"). */
export function codeOf(mail: string): string {
  const match = /Mã xác nhận: (\d{5}) (\d{5})/.exec(mail);
  if (!match) throw new Error(`no code in mail:\n${mail}`);
  return match[1] + match[2];
}

/** The link of a reset or invitation mail, which carries the username and the code in its fragment. */
export function linkOf(mail: string): string {
  const match = /(https?:\/\/\S+\/reset-password#\S+)/.exec(mail);
  if (!match) throw new Error(`no link in mail:\n${mail}`);
  return match[1];
}
