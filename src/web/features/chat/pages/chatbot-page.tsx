import { CHAT_RESET_TOOLTIP, CHAT_TITLE } from '@contract/chat';
import { PAGE_TITLES } from '@contract/page-titles';
import { Info, MessageSquareText, Phone, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { MessengerIcon, ZaloIcon } from '../../../components/social-icons';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWebConfig } from '../../../lib/web-config';
import { BotAvatar, ChatThread } from '../chat-thread';
import { reset, send, useChat } from '../store';

/** More questions beside the conversation (the thread itself offers SUGGESTED_QUESTIONS at the start). */
const MORE_QUESTIONS = [
  'Xe số tự động đi phố dưới 500 triệu',
  'Bán tải máy dầu đời 2020 trở lên',
  'Xe điện VinFast còn xe nào?',
  'Đăng ký lái thử như thế nào?',
  'Showroom mở cửa mấy giờ?',
];

const sideLink =
  'flex min-h-11 items-center gap-3 rounded-lg px-2 -mx-2 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900';

/** /chatbot: the widget's conversation full size, with suggested questions and the ways to reach a person. */
export default function ChatbotPage() {
  const { loading } = useChat();
  const { data: config } = useWebConfig();
  useDocumentTitle(PAGE_TITLES['/chatbot']);

  return (
    <>
      <section className="relative overflow-hidden bg-slate-950 text-white">
        <div
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(185,28,28,0.5),transparent_60%)]"
          aria-hidden="true"
        />
        <div className="relative mx-auto max-w-6xl px-4 pt-4 pb-12 sm:px-6 sm:pt-10 sm:pb-20">
          <p className="text-sm font-medium text-red-200">Tư vấn AI</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-4xl">
            Hỏi trợ lý tư vấn xe
          </h1>
          <p className="mt-2 hidden max-w-2xl text-slate-300 sm:block">
            Tìm xe theo ngân sách và nhu cầu, so sánh, ước tính trả góp: trợ lý trả lời dựa trên những xe đang
            bán tại showroom.
          </p>
        </div>
      </section>

      <div className="relative mx-auto -mt-9 grid max-w-6xl gap-6 px-3 pb-12 sm:-mt-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <section
          className="flex h-[calc(100dvh-9rem)] max-h-[46rem] min-h-[26rem] sm:h-[calc(100dvh-12rem)] flex-col overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-200"
          aria-labelledby="chatbot-title"
        >
          <header className="flex items-center gap-3 border-b border-slate-200 py-2 pr-2 pl-4">
            <BotAvatar className="size-10" />
            <div className="min-w-0 flex-1">
              <h2 id="chatbot-title" className="truncate font-semibold text-slate-900">
                {CHAT_TITLE}
              </h2>
              <p className="flex items-center gap-1.5 text-xs text-slate-500">
                <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
                Sẵn sàng trả lời
              </p>
            </div>
            <button
              type="button"
              onClick={() => reset()}
              aria-label={CHAT_RESET_TOOLTIP}
              title={CHAT_RESET_TOOLTIP}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline" aria-hidden="true">
                Bắt đầu lại
              </span>
            </button>
          </header>
          <ChatThread />
        </section>

        <aside className="space-y-4 lg:sticky lg:top-24">
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <MessageSquareText className="size-5 text-brand-600" aria-hidden="true" />
              Bạn cũng có thể hỏi
            </h2>
            <ul className="mt-3 space-y-1">
              {MORE_QUESTIONS.map((q) => (
                <li key={q}>
                  <button
                    type="button"
                    disabled={loading}
                    onClick={() => send(q)}
                    className="-mx-2 flex min-h-11 w-[calc(100%+1rem)] items-center rounded-lg px-2 text-left text-sm text-slate-700 hover:bg-slate-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
                  >
                    “{q}”
                  </button>
                </li>
              ))}
            </ul>
          </div>

          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 className="font-semibold text-slate-900">Muốn trao đổi với nhân viên?</h2>
            <ul className="mt-2 space-y-1">
              {config?.showroomPhone ? (
                <li>
                  <a href={`tel:${config.showroomPhone.replace(/[^\d+]/g, '')}`} className={sideLink}>
                    <span className="flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                      <Phone className="size-4" aria-hidden="true" />
                    </span>
                    <span className="font-semibold text-brand-700">{config.showroomPhone}</span>
                  </a>
                </li>
              ) : null}
              {config?.messengerUrl ? (
                <li>
                  <a
                    href={config.messengerUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={sideLink}
                  >
                    <span className="flex size-9 items-center justify-center rounded-full bg-[#0084ff]/10 text-[#0084ff]">
                      <MessengerIcon className="size-5" />
                    </span>
                    Nhắn tin qua Messenger
                  </a>
                </li>
              ) : null}
              {config?.zaloUrl ? (
                <li>
                  <a href={config.zaloUrl} target="_blank" rel="noopener noreferrer" className={sideLink}>
                    <span className="flex size-9 items-center justify-center text-[#0068ff]">
                      <ZaloIcon className="size-8" />
                    </span>
                    Nhắn tin qua Zalo
                  </a>
                </li>
              ) : null}
              <li>
                <Link to="/consulting" className={sideLink}>
                  <span className="flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                    <MessageSquareText className="size-4" aria-hidden="true" />
                  </span>
                  Để lại yêu cầu tư vấn
                </Link>
              </li>
            </ul>
          </div>

          <p className="flex gap-2 px-1 text-xs leading-relaxed text-slate-500">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Xe, giá và số liệu trong câu trả lời lấy từ kho xe của showroom lúc bạn hỏi. Vui lòng xác nhận lại
            với nhân viên trước khi đặt cọc.
          </p>
        </aside>
      </div>
    </>
  );
}
