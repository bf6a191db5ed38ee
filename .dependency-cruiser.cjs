// The module fences, checked by dependency-cruiser inside `npm run lint` (docs/ARCHITECTURE.md, "Fences").
// Every rule names what it protects; a violation fails the build. Type-only imports count: a module that
// needs another's row type is reaching into its tables all the same.

/** A server module's public entry: what other modules, app.ts and the seed may import. */
const SERVER_ENTRY = '^src/server/modules/[^/]+/(index|service)\\.ts$';
/** A web feature's public entry: what other features and app/ may import. */
const WEB_ENTRY = '^src/web/features/[^/]+/(index|public)\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-module-entry',
      comment:
        'Một module chỉ gọi module khác qua cổng công khai của nó (index.ts hoặc service.ts), ' +
        'không qua routes, rows, admin, schema hay tệp nội bộ khác.',
      severity: 'error',
      from: {
        path: '^src/server/modules/([^/]+)/',
        // Foreign keys name another module's table; reporting (statistics) reads across domains.
        pathNot: ['^src/server/modules/[^/]+/schema\\.ts$', '^src/server/modules/dashboard/'],
      },
      to: {
        path: '^src/server/modules/([^/]+)/',
        pathNot: ['^src/server/modules/$1/', SERVER_ENTRY],
      },
    },
    {
      name: 'no-schema-index',
      comment:
        'db/schema gom bảng của mọi module cho drizzle; một module chỉ đọc bảng của chính nó (./schema).',
      severity: 'error',
      from: { path: '^src/server/(modules|db/seed)/', pathNot: '^src/server/modules/dashboard/' },
      to: { path: '^src/server/db/schema/' },
    },
    {
      name: 'schema-to-schema-only',
      comment: 'Một schema.ts chỉ được nhắc tới bảng của module khác (khóa ngoại), không tới mã của nó.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/schema\\.ts$' },
      to: {
        path: '^src/server/modules/([^/]+)/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/schema\\.ts$'],
      },
    },
    {
      name: 'seed-through-services',
      comment:
        'Dữ liệu mẫu được ghi qua service của từng module (hoặc bộ tạo dữ liệu mẫu demo.ts của chính module đó).',
      severity: 'error',
      from: { path: '^src/server/db/seed/' },
      to: {
        path: '^src/server/modules/',
        pathNot: [SERVER_ENTRY, '^src/server/modules/[^/]+/demo\\.ts$'],
      },
    },
    {
      name: 'platform-below-modules',
      comment: 'platform/ là phần dùng chung: nó không biết tới các module nghiệp vụ.',
      severity: 'error',
      from: { path: '^src/server/platform/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'web-feature-entry',
      comment:
        'Một tính năng web chỉ dùng tính năng khác qua index.ts hoặc public.ts của nó; ghép chúng trong app/.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: {
        path: '^src/web/features/([^/]+)/',
        pathNot: ['^src/web/features/$1/', WEB_ENTRY],
      },
    },
    {
      name: 'web-shared-below-features',
      comment: 'components/ và lib/ dùng chung cho mọi tính năng, nên không phụ thuộc tính năng nào.',
      severity: 'error',
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'web-contract-server',
      comment: 'web -> contract <- server: web và server không import lẫn nhau.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      comment: 'web -> contract <- server: web và server không import lẫn nhau.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'contract/ được cả web lẫn server dùng, nên không import bên nào.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/(web|server)/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$'] },
  },
};
