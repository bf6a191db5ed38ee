import { CHAT_CONNECT_ERROR, CHAT_GREETING } from '@contract/chat';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MessageText } from '../../src/web/components/message-text';
import { conversationOf, failureText } from '../../src/web/features/chat/store';
import { ApiError } from '../../src/web/lib/api-client';

/** The chat widget's pure parts: how an answer becomes text and links, and what a failure says. */

const html = (text: string) =>
  renderToStaticMarkup(createElement(StaticRouter, { location: '/' }, createElement(MessageText, { text })));

describe('MessageText', () => {
  it('escapes markup and keeps line breaks as text', () => {
    const out = html('<b>Xe</b> & <script>alert(1)</script>\ndòng 2');
    expect(out).toBe('&lt;b&gt;Xe&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;\ndòng 2');
  });

  it('makes car paths in-app links, without the punctuation after them', () => {
    const out = html('Xem chi tiết: /cars/31.\nHoặc /cars/45, /testdrive?carId=31 và /consulting.');
    expect(out).toContain('<a class="');
    expect(out).toMatch(/href="\/cars\/31"[^>]*>\/cars\/31<\/a>\./);
    expect(out).toMatch(/href="\/cars\/45"[^>]*>\/cars\/45<\/a>,/);
    expect(out).toMatch(/href="\/testdrive\?carId=31"/);
    expect(out).toMatch(/href="\/consulting"[^>]*>\/consulting<\/a>\./);
    expect(out).not.toContain('target="_blank"');
  });

  it('links the list with its filters and the selling page, without the full stop after them', () => {
    const out = html('Mở /cars?brand=Mitsubishi&carName=Lux%20A2.0. Bán xe: /sell-car.');
    expect(out).toMatch(/href="\/cars\?brand=Mitsubishi&amp;carName=Lux%20A2\.0"[^>]*>[^<]+<\/a>\. Bán/);
    expect(out).toMatch(/href="\/sell-car"[^>]*>\/sell-car<\/a>\./);
  });

  it('leaves paths that are not pages of the site, or inside other words, as text', () => {
    expect(html('/etc/passwd và /cars/abc và a/cars/3 và /dashboard')).not.toContain('<a');
  });

  it('opens web addresses in a new tab and dials phone numbers', () => {
    const out = html('Zalo: https://zalo.me/0909123456. Hotline 0909 123 456!');
    expect(out).toContain('href="https://zalo.me/0909123456" target="_blank" rel="noopener noreferrer"');
    expect(out).toContain('>https://zalo.me/0909123456</a>.');
    expect(out).toContain('href="tel:0909123456"');
    expect(out).toContain('>0909 123 456</a>!');
    // A price is not a phone number.
    expect(html('Giá 650.000.000 VNĐ')).not.toContain('<a');
  });

  it('understands the markdown links and bold text language models write, and nothing unsafe', () => {
    const out = html('**Kia Sorento** [xem xe](/cars/31) [bad](javascript:alert(1))');
    expect(out).toContain('<strong class="font-semibold">Kia Sorento</strong>');
    expect(out).toMatch(/href="\/cars\/31"[^>]*>xem xe<\/a>/);
    expect(out).not.toContain('href="javascript');
  });
});

describe('failureText', () => {
  it("uses the server's text, then a JSON error's message, then the error's own message", () => {
    expect(failureText(new ApiError('http', 'HTTP 429', 429, 'Chậm lại'))).toBe('Chậm lại');
    expect(failureText(new ApiError('http', 'HTTP 400', 400, { status: 400, message: 'Quá dài' }))).toBe(
      'Quá dài',
    );
    expect(failureText(new ApiError('http', 'HTTP 502', 502, undefined))).toBe('HTTP 502');
    expect(failureText(new Error('API không trả về định dạng chuỗi mong đợi.'))).toBe(
      'API không trả về định dạng chuỗi mong đợi.',
    );
  });

  it("falls back to 'Đã xảy ra lỗi khi kết nối tới chatbot.'", () => {
    expect(failureText(new ApiError('network', 'Lỗi mạng'))).toBe(CHAT_CONNECT_ERROR);
    expect(failureText('?')).toBe(CHAT_CONNECT_ERROR);
    expect(failureText(new Error(''))).toBe(CHAT_CONNECT_ERROR);
  });
});

describe('conversationOf', () => {
  it('sends the conversation without error lines and unanswered questions', () => {
    expect(
      conversationOf([
        { role: 'model', content: CHAT_GREETING },
        { role: 'user', content: 'a', failed: true },
        { role: 'model', content: 'Lỗi: x', error: true },
        { role: 'user', content: 'b' },
      ]),
    ).toEqual([
      { role: 'model', content: CHAT_GREETING },
      { role: 'user', content: 'b' },
    ]);
  });
});
