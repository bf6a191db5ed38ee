import { daysUntil, formatDay } from '@contract/format';
import { PAGE_TITLES } from '@contract/page-titles';
import { JOB_TYPE_LABELS, JOB_TYPES, type JobType, type RecruitmentView } from '@contract/recruitment';
import { vnDayStart } from '@contract/vn-time';
import {
  ArrowLeft,
  ArrowRight,
  Banknote,
  BriefcaseBusiness,
  CalendarClock,
  GraduationCap,
  HeartPulse,
  MapPin,
  TrendingUp,
  Users,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHero } from '../../../components/page-hero';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWebConfig } from '../../../lib/web-config';
import { useOpenPosting, useOpenPostings } from '../api';
import { ApplyForm } from '../components/apply-form';
import { JobTypeBadge, TextLines } from '../labels';

const PERKS = [
  { icon: TrendingUp, title: 'Thu nhập cạnh tranh', text: 'Lương cứng, hoa hồng và thưởng theo kết quả.' },
  { icon: GraduationCap, title: 'Đào tạo bài bản', text: 'Kỹ năng tư vấn, kiến thức kỹ thuật xe.' },
  { icon: HeartPulse, title: 'Phúc lợi đầy đủ', text: 'BHXH, BHYT, nghỉ phép, thưởng tháng 13.' },
];

function deadlineText(deadline: string) {
  const left = daysUntil(vnDayStart(deadline));
  if (left <= 0) return 'Hạn cuối hôm nay';
  return `Còn ${left} ngày`;
}

function PostingFacts({ p }: { p: RecruitmentView }) {
  return (
    <ul className="grid gap-2 text-sm text-slate-600 sm:grid-cols-2">
      <li className="flex gap-2">
        <Banknote className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span>
          <span className="sr-only">Mức lương: </span>
          <strong className="font-semibold text-slate-900">{p.salaryDisplay}</strong>
        </span>
      </li>
      <li className="flex gap-2">
        <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span>
          <span className="sr-only">Nơi làm việc: </span>
          {p.location}
        </span>
      </li>
      <li className="flex gap-2">
        <Users className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span>Số lượng: {p.quantity}</span>
      </li>
      <li className="flex gap-2">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span>
          Hạn nộp: {formatDay(p.deadline)}{' '}
          <span className="text-brand-700">({deadlineText(p.deadline)})</span>
        </span>
      </li>
    </ul>
  );
}

function PostingDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { data: p, isPending, isError, error } = useOpenPosting(id);
  const top = useRef<HTMLDivElement>(null);
  useDocumentTitle(p ? `Tuyển dụng: ${p.title}` : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when another posting opens
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
  }, [id]);

  const back = (
    <button
      type="button"
      onClick={onBack}
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-600"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Tất cả vị trí
    </button>
  );

  if (isError) {
    const gone = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div ref={top} className="scroll-mt-20">
        {back}
        <div className="mt-3 rounded-2xl bg-white ring-1 ring-slate-200">
          <EmptyState
            title={gone ? 'Vị trí này không còn nhận hồ sơ' : 'Không tải được tin tuyển dụng'}
            description={
              gone ? 'Tin đã hết hạn hoặc đã đóng. Mời bạn xem các vị trí khác.' : errorMessage(error)
            }
          />
        </div>
      </div>
    );
  }
  if (isPending) {
    return (
      <div ref={top} className="scroll-mt-20" aria-busy="true">
        {back}
        <div className="mt-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <Skeleton className="h-8 w-2/3" />
          <SkeletonText lines={8} className="mt-6" />
        </div>
      </div>
    );
  }

  return (
    <div ref={top} className="scroll-mt-20">
      {back}
      <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7">
          <div className="flex flex-wrap gap-2">
            <JobTypeBadge type={p.type} />
          </div>
          <h2 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">{p.title}</h2>
          <p className="mt-1 text-slate-600">Vị trí: {p.position}</p>
          <div className="mt-5 rounded-xl bg-slate-50 p-4">
            <PostingFacts p={p} />
          </div>
          <a href="#apply" className={buttonClass('primary', 'mt-4 w-full lg:hidden')}>
            Ứng tuyển ngay
          </a>
          {[
            ['Mô tả công việc', p.description],
            ['Yêu cầu', p.requirements],
            ['Quyền lợi', p.benefits],
          ].map(([heading, body]) =>
            body ? (
              <section key={heading} className="mt-7">
                <h3 className="text-lg font-semibold text-slate-900">{heading}</h3>
                <TextLines text={body} className="mt-3 space-y-2 leading-relaxed text-slate-700" />
              </section>
            ) : null,
          )}
        </article>
        <aside
          id="apply"
          className="scroll-mt-20 rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-200 sm:p-6 lg:sticky lg:top-24"
          aria-labelledby="apply-title"
        >
          <h3 id="apply-title" className="text-lg font-bold text-slate-900">
            Ứng tuyển vị trí này
          </h3>
          <p className="mt-1 mb-4 text-sm text-slate-500">
            Điền thông tin và đính kèm CV, chúng tôi sẽ liên hệ sớm.
          </p>
          <ApplyForm recruitmentId={p.recruitmentId} title={p.title} onDone={onBack} />
        </aside>
      </div>
    </div>
  );
}

/** /recruitment: open postings with type and status labels; ?id= shows one with the application form. */
export default function RecruitmentPage() {
  const [params, setParams] = useSearchParams();
  const { data: config } = useWebConfig();
  const name = config?.showroomName || 'AutoViet';
  const rawId = Number(params.get('id'));
  const selected = Number.isInteger(rawId) && rawId > 0 ? rawId : null;
  const typeParam = params.get('type')?.toUpperCase();
  const type = (JOB_TYPES as readonly string[]).includes(typeParam ?? '') ? (typeParam as JobType) : null;
  const postings = useOpenPostings();
  useDocumentTitle(PAGE_TITLES['/recruitment']);

  const list = (postings.data ?? []).filter((p) => !type || p.type === type);
  const select = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', String(id));
    else next.delete('id');
    setParams(next);
  };
  const filterHref = (t: JobType | null) => (t ? `/recruitment?type=${t.toLowerCase()}` : '/recruitment');

  return (
    <div className="bg-slate-50">
      <PageHero
        eyebrow="Tuyển dụng"
        title={`Gia nhập đội ngũ ${name}`}
        intro={
          selected
            ? undefined
            : 'Chúng tôi tìm những người yêu xe, trung thực và tận tâm với khách hàng. Xem các vị trí đang tuyển và ứng tuyển ngay.'
        }
      >
        {selected ? null : (
          <ul className="mt-6 grid gap-3 sm:grid-cols-3">
            {PERKS.map((perk) => (
              <li key={perk.title} className="flex gap-3 rounded-xl bg-white/5 p-3 ring-1 ring-white/10">
                <perk.icon className="mt-0.5 size-5 shrink-0 text-red-300" aria-hidden="true" />
                <span>
                  <span className="block text-sm font-semibold text-white">{perk.title}</span>
                  <span className="block text-xs text-slate-300">{perk.text}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 pt-5 pb-14 sm:px-6 sm:pt-8">
        {selected ? (
          <PostingDetail id={selected} onBack={() => select(null)} />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">
                Vị trí đang tuyển
                {postings.data ? (
                  <span className="ml-2 text-base font-medium text-slate-500">({list.length})</span>
                ) : null}
              </h2>
              <nav aria-label="Loại công việc">
                <ul className="flex flex-wrap gap-2">
                  {[null, ...JOB_TYPES].map((t) => (
                    <li key={t ?? 'all'}>
                      <Link
                        to={filterHref(t)}
                        preventScrollReset
                        aria-current={t === type ? 'page' : undefined}
                        className={cx(
                          'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium whitespace-nowrap ring-1',
                          t === type
                            ? 'bg-brand-600 text-white ring-brand-600'
                            : 'bg-white text-slate-700 ring-slate-200 hover:text-brand-700',
                        )}
                      >
                        {t ? JOB_TYPE_LABELS[t] : 'Tất cả'}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
            {postings.isError ? (
              <div className="mt-5 rounded-2xl bg-white ring-1 ring-slate-200">
                <EmptyState
                  title="Không tải được tin tuyển dụng"
                  description={errorMessage(postings.error)}
                />
              </div>
            ) : postings.isPending ? (
              <div className="mt-5 grid gap-4 md:grid-cols-2" aria-busy="true">
                {Array.from({ length: 4 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                  <div key={i} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
                    <Skeleton className="h-5 w-32" />
                    <Skeleton className="mt-3 h-6 w-3/4" />
                    <SkeletonText lines={2} className="mt-4" />
                  </div>
                ))}
              </div>
            ) : list.length === 0 ? (
              <div className="mt-5 rounded-2xl bg-white ring-1 ring-slate-200">
                <EmptyState
                  icon={<BriefcaseBusiness className="size-6" aria-hidden="true" />}
                  title="Hiện chưa có vị trí phù hợp"
                  description="Hãy quay lại sau, hoặc gửi CV qua email của showroom để chúng tôi liên hệ khi có vị trí mới."
                  action={
                    config?.showroomEmail ? (
                      <a href={`mailto:${config.showroomEmail}`} className={buttonClass('secondary')}>
                        {config.showroomEmail}
                      </a>
                    ) : undefined
                  }
                />
              </div>
            ) : (
              <ul className="mt-5 grid gap-4 md:grid-cols-2">
                {list.map((p) => (
                  <li key={p.recruitmentId}>
                    <article className="group relative flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-200 sm:p-6">
                      <div className="flex flex-wrap gap-2">
                        <JobTypeBadge type={p.type} />
                      </div>
                      <h3 className="mt-3 text-lg font-semibold text-slate-900 group-hover:text-brand-700">
                        <Link
                          to={`/recruitment?id=${p.recruitmentId}`}
                          className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-600"
                        >
                          {p.title}
                        </Link>
                      </h3>
                      <p className="mt-0.5 mb-4 text-sm text-slate-500">{p.position}</p>
                      <PostingFacts p={p} />
                      <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-600">
                        Xem chi tiết và ứng tuyển
                        <ArrowRight className="size-4" aria-hidden="true" />
                      </span>
                    </article>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
