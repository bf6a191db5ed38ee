import { z } from 'zod';
import { fileAnswer, idParam, pageOf } from '../../../contract/common';
import { hasPermission } from '../../../contract/permissions';
import {
  type ApplicationReceipt,
  applicationReceiptSchema,
  CANDIDATE_STATUSES,
  CV_MAX_BYTES,
  candidateBody,
  candidateStatusBody,
  candidatesQuery,
  candidateViewSchema,
  enumOptionOf,
  JOB_TYPES,
  RECRUITMENT_STATUSES,
  recruitmentAdminQuery,
  recruitmentBody,
  recruitmentStatusParam,
  recruitmentTypeParam,
  recruitmentViewSchema,
} from '../../../contract/recruitment';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import { ApiError, tooMany } from '../../platform/errors';
import { parseJsonPart, readMultipart } from '../../platform/uploads';
import { attachmentHeader, CV_CONTENT_TYPES } from './cv';
import type { RecruitmentService } from './service';

const tags = ['Tuyển dụng'];

export function recruitmentRoutes(service: RecruitmentService) {
  return async (app: App) => {
    const staff = { access: 'MANAGE_RECRUITMENT' as const };
    const open = { access: 'public' as const };

    // ---- public ----
    app.get(
      '/recruitments',
      {
        config: open,
        schema: {
          response: { 200: z.array(recruitmentViewSchema) },
          tags,
          summary: 'Tin tuyển dụng đang mở',
        },
      },
      () => service.listOpen(),
    );

    app.get(
      '/recruitments/type/:type',
      {
        config: open,
        schema: {
          response: { 200: z.array(recruitmentViewSchema) },
          tags,
          summary: 'Tin tuyển dụng đang mở theo loại công việc',
          params: recruitmentTypeParam,
        },
      },
      (req) => service.listOpen(req.params.type),
    );

    app.get(
      '/recruitments/:id',
      {
        config: open,
        schema: {
          response: { 200: recruitmentViewSchema },
          tags,
          summary: 'Chi tiết tin tuyển dụng',
          description: 'Khách: chỉ tin đang mở. Nhân viên có quyền MANAGE_RECRUITMENT: mọi tin.',
          params: idParam,
        },
      },
      (req) =>
        hasPermission(req.user, 'MANAGE_RECRUITMENT')
          ? service.get(req.params.id)
          : service.getOpen(req.params.id),
    );

    app.post(
      '/recruitments/:id/apply',
      {
        config: open,
        schema: {
          response: { 201: applicationReceiptSchema },
          tags,
          summary: 'Nộp hồ sơ ứng tuyển',
          description:
            'multipart/form-data: phần `candidate` (JSON: fullName, phone, email, letter) và phần `cv` (PDF hoặc .docx, tối đa 5 MB).',
          params: idParam,
        },
      },
      async (req, reply) => {
        if (!(await service.applyLimiter.hit(req.ip)))
          throw tooMany('Bạn đã nộp quá nhiều hồ sơ, vui lòng thử lại sau');
        await service.assertOpen(req.params.id);
        const parts = await readMultipart(req, {
          json: 'candidate',
          files: 'cv',
          maxFiles: 1,
          maxFileBytes: CV_MAX_BYTES,
        }).catch((err) => {
          if (err instanceof ApiError && err.status === 413)
            throw new ApiError(413, 'CV vượt quá dung lượng tối đa 5 MB');
          throw err;
        });
        const input = parseJsonPart(candidateBody, parts.json, 'candidate');
        const file = parts.files[0];
        const { candidateId } = await service.apply(
          req.params.id,
          input,
          file ? { data: file.prepared, filename: file.filename } : null,
          req.ip,
        );
        const receipt: ApplicationReceipt = {
          candidateId,
          message: 'Hồ sơ của bạn đã được gửi thành công. Chúng tôi sẽ liên hệ với bạn sớm!',
        };
        return reply.status(201).send(receipt);
      },
    );

    // ---- staff ----
    app.get(
      '/recruitments/admin',
      {
        config: staff,
        schema: {
          response: { 200: pageOf(recruitmentViewSchema) },
          tags,
          summary: 'Danh sách tin tuyển dụng (quản trị)',
          querystring: recruitmentAdminQuery,
        },
      },
      (req) => service.listAdmin(req.query),
    );

    app.get(
      '/recruitments/admin/recruitment-status',
      {
        config: staff,
        schema: {
          response: { 200: z.array(enumOptionOf(RECRUITMENT_STATUSES)) },
          tags,
          summary: 'Các trạng thái tin tuyển dụng',
        },
      },
      () => service.statusOptions(),
    );

    app.get(
      '/recruitments/admin/recruitment-type',
      {
        config: staff,
        schema: { response: { 200: z.array(enumOptionOf(JOB_TYPES)) }, tags, summary: 'Các loại công việc' },
      },
      () => service.typeOptions(),
    );

    app.get(
      '/recruitments/admin/:id',
      {
        config: staff,
        schema: {
          response: { 200: recruitmentViewSchema },
          tags,
          summary: 'Chi tiết tin tuyển dụng (quản trị)',
          params: idParam,
        },
      },
      (req) => service.get(req.params.id),
    );

    app.get(
      '/recruitments/status/:status',
      {
        config: staff,
        schema: {
          response: { 200: z.array(recruitmentViewSchema) },
          tags,
          summary: 'Tin tuyển dụng theo trạng thái (quản trị)',
          params: recruitmentStatusParam,
        },
      },
      (req) => service.listByStatus(req.params.status),
    );

    app.post(
      '/recruitments/admin/add',
      {
        config: staff,
        schema: {
          response: { 201: recruitmentViewSchema },
          tags,
          summary: 'Thêm tin tuyển dụng',
          body: recruitmentBody,
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body, actorOf(req))),
    );

    app.put(
      '/recruitments/admin/open/:id',
      {
        config: staff,
        schema: {
          response: { 200: recruitmentViewSchema },
          tags,
          summary: 'Mở tin tuyển dụng',
          params: idParam,
        },
      },
      (req) => service.setStatus(req.params.id, 'OPEN', actorOf(req)),
    );

    app.put(
      '/recruitments/admin/close/:id',
      {
        config: staff,
        schema: {
          response: { 200: recruitmentViewSchema },
          tags,
          summary: 'Đóng tin tuyển dụng',
          params: idParam,
        },
      },
      (req) => service.setStatus(req.params.id, 'CLOSED', actorOf(req)),
    );

    app.put(
      '/recruitments/admin/:id',
      {
        config: staff,
        schema: {
          response: { 200: recruitmentViewSchema },
          tags,
          summary: 'Sửa tin tuyển dụng',
          params: idParam,
          body: recruitmentBody,
        },
      },
      (req) => service.update(req.params.id, req.body, actorOf(req)),
    );

    app.get(
      '/candidates',
      {
        config: staff,
        schema: {
          response: { 200: pageOf(candidateViewSchema) },
          tags,
          summary: 'Danh sách ứng viên',
          querystring: candidatesQuery,
        },
      },
      (req) => service.listCandidates(req.query),
    );

    app.get(
      '/candidates/statuses',
      {
        config: staff,
        schema: {
          response: { 200: z.array(enumOptionOf(CANDIDATE_STATUSES)) },
          tags,
          summary: 'Các trạng thái ứng viên',
        },
      },
      () => service.candidateStatusOptions(),
    );

    app.get(
      '/candidates/:id',
      {
        config: staff,
        schema: {
          response: { 200: candidateViewSchema },
          tags,
          summary: 'Chi tiết ứng viên (đánh dấu Đã xem)',
          params: idParam,
        },
      },
      (req) => service.getCandidate(req.params.id, actorOf(req)),
    );

    app.put(
      '/candidates/:id/status',
      {
        config: staff,
        schema: {
          response: { 200: candidateViewSchema },
          tags,
          summary: 'Đổi trạng thái ứng viên',
          params: idParam,
          body: candidateStatusBody,
        },
      },
      (req) => service.setCandidateStatus(req.params.id, req.body.status, actorOf(req)),
    );

    app.get(
      '/candidates/:id/cv',
      {
        config: staff,
        schema: {
          response: { 200: fileAnswer('CV (PDF hoặc DOCX)', CV_CONTENT_TYPES.pdf, CV_CONTENT_TYPES.docx) },
          tags,
          summary: 'Tải CV của ứng viên',
          params: idParam,
        },
      },
      async (req, reply) => {
        const { file, fileName, kind } = await service.cv(req.params.id, actorOf(req));
        reply
          .header('content-type', CV_CONTENT_TYPES[kind])
          .header('content-disposition', attachmentHeader(fileName))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff');
        if (file.size !== null) reply.header('content-length', file.size);
        return reply.send(file.body);
      },
    );
  };
}
