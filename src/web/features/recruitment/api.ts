import type { Page } from '@contract/common';
import {
  type ApplicationReceipt,
  type CandidateBody,
  type CandidateStatus,
  type CandidateView,
  type EnumOption,
  JOB_TYPE_LABELS,
  JOB_TYPES,
  type JobType,
  RECRUITMENT_STATUS_LABELS,
  RECRUITMENT_STATUSES,
  type RecruitmentBody,
  type RecruitmentStatus,
  type RecruitmentView,
} from '@contract/recruitment';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, errorMessage } from '../../lib/api-client';
import { getToken } from '../../lib/token';

export const RECRUITMENT_KEY = ['recruitments'] as const;
export const CANDIDATES_KEY = ['candidates'] as const;

// ---- public ----

/** GET recruitments: the open postings, nearest deadline first (no token). */
export function useOpenPostings() {
  return useQuery({
    queryKey: [...RECRUITMENT_KEY, 'open'],
    queryFn: ({ signal }) => api<RecruitmentView[]>('recruitments', { signal }),
    staleTime: 60_000,
  });
}

/** GET recruitments/{id}: an open posting (404 otherwise). */
export function useOpenPosting(id: number | null) {
  return useQuery({
    queryKey: [...RECRUITMENT_KEY, 'open', id],
    queryFn: ({ signal }) => api<RecruitmentView>(`recruitments/${id}`, { signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** POST recruitments/{id}/apply multipart: `candidate` JSON + `cv` (PDF or DOCX, at most 5 MB). */
export function useApply(id: number) {
  return useMutation({
    mutationFn: ({
      candidate,
      cv,
      onProgress,
    }: {
      candidate: CandidateBody;
      cv: File;
      onProgress?: (fraction: number) => void;
    }) => {
      const form = new FormData();
      form.append('candidate', JSON.stringify(candidate));
      form.append('cv', cv, cv.name);
      return api<ApplicationReceipt>(`recruitments/${id}/apply`, {
        method: 'POST',
        body: form,
        onUploadProgress: onProgress,
      });
    },
  });
}

// ---- staff: postings ----

export interface PostingFilters {
  page: number;
  size: number;
  search: string;
  status?: RecruitmentStatus | '';
  type?: JobType | '';
}

/** GET recruitments/admin?search&page&size&status&type (page 1, size 5). */
export function useAdminPostings(q: PostingFilters) {
  return useQuery({
    queryKey: [...RECRUITMENT_KEY, 'admin', q],
    queryFn: ({ signal }) =>
      api<Page<RecruitmentView>>('recruitments/admin', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every posting's id and title, for the candidates filter (the admin list allows pages of 100). */
export function usePostingChoices() {
  return useQuery({
    queryKey: [...RECRUITMENT_KEY, 'admin', 'choices'],
    queryFn: ({ signal }) =>
      api<Page<RecruitmentView>>('recruitments/admin', { auth: true, query: { page: 1, size: 100 }, signal }),
    staleTime: 60_000,
  });
}

/**
 * GET recruitments/admin/recruitment-status and recruitment-type: {value, label} lists; the contract's
 * labels stand in until they arrive.
 */
export function useRecruitmentOptions() {
  const statuses = useQuery({
    queryKey: [...RECRUITMENT_KEY, 'statuses'],
    queryFn: ({ signal }) =>
      api<EnumOption<RecruitmentStatus>[]>('recruitments/admin/recruitment-status', { auth: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const types = useQuery({
    queryKey: [...RECRUITMENT_KEY, 'types'],
    queryFn: ({ signal }) =>
      api<EnumOption<JobType>[]>('recruitments/admin/recruitment-type', { auth: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    statuses:
      statuses.data ?? RECRUITMENT_STATUSES.map((s) => ({ value: s, label: RECRUITMENT_STATUS_LABELS[s] })),
    types: types.data ?? JOB_TYPES.map((t) => ({ value: t, label: JOB_TYPE_LABELS[t] })),
  };
}

/** POST recruitments/admin/add or PUT recruitments/admin/{id} (JSON). */
export function useSavePosting(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecruitmentBody) =>
      api<RecruitmentView>(id === null ? 'recruitments/admin/add' : `recruitments/admin/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        auth: true,
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECRUITMENT_KEY }),
  });
}

/** PUT recruitments/admin/open/{id} or recruitments/admin/close/{id}. */
export function useSetPostingOpen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, open }: { id: number; open: boolean }) =>
      api<RecruitmentView>(`recruitments/admin/${open ? 'open' : 'close'}/${id}`, {
        method: 'PUT',
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECRUITMENT_KEY }),
  });
}

// ---- staff: candidates ----

export interface CandidateFilters {
  page: number;
  size: number;
  search: string;
  recruitmentId?: number;
  status?: CandidateStatus | '';
}

/** GET candidates?recruitmentId&status&search&page&size. */
export function useCandidates(q: CandidateFilters) {
  return useQuery({
    queryKey: [...CANDIDATES_KEY, 'list', q],
    queryFn: ({ signal }) => api<Page<CandidateView>>('candidates', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET candidates/{id} (opening a new application marks it 'Đã xem'). */
export function useCandidate(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...CANDIDATES_KEY, 'detail', id],
    queryFn: async ({ signal }) => {
      const c = await api<CandidateView>(`candidates/${id}`, { auth: true, signal });
      queryClient.invalidateQueries({ queryKey: [...CANDIDATES_KEY, 'list'] });
      return c;
    },
    enabled: id !== null,
  });
}

/** PUT candidates/{id}/status {status}. */
export function useSetCandidateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: CandidateStatus }) =>
      api<CandidateView>(`candidates/${id}/status`, { method: 'PUT', auth: true, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CANDIDATES_KEY }),
  });
}

/** The UTF-8 file name of a Content-Disposition header, if any. */
function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/**
 * GET candidates/{id}/cv with the bearer token, turned into a download of a blob: the CV is never
 * linked publicly. Rejects with the server's message on failure.
 */
export async function downloadCv(candidate: Pick<CandidateView, 'candidateId' | 'cv'>): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api/candidates/${candidate.candidateId}/cv`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError('network', 'Lỗi mạng');
  }
  if (!res.ok) {
    let data: unknown;
    try {
      data = await res.json();
    } catch {
      data = undefined;
    }
    throw new ApiError('http', errorMessage(new ApiError('http', '', res.status, data)), res.status, data);
  }
  const blob = await res.blob();
  const name = dispositionName(res.headers.get('content-disposition')) ?? candidate.cv.fileName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
