/** Strings of the import card (template, upload, report of rejected rows); namespace `import`. */
export default {
  'zh-CN': {
    column: '列',
    downloadTemplate: '下载模板',
    importResult: '共 {{total}} 行，导入 {{accepted}} 行，未导入 {{rejected}} 行',
    importTip: '按模板填写，逐行校验，错误的行不会导入',
    line: '行号',
    reason: '原因',
    uploadFile: '上传CSV或Excel',
  },
  en: {
    column: 'Column',
    downloadTemplate: 'Download template',
    importResult: '{{total}} rows: {{accepted}} imported, {{rejected}} not imported',
    importTip: 'Fill in the template; each row is checked and bad rows are not imported',
    line: 'Line',
    reason: 'Reason',
    uploadFile: 'Upload CSV or Excel',
  },
};
