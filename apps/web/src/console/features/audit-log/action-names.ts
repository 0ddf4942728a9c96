// Audit actions (`entity.verb`, as the server records them: grep recordAudit) said the way a clerk reads them.

const things: Record<string, string> = {
  student: 'Student',
  staff: 'Staff member',
  registration: 'Registration',
  academic_level: 'Academic level',
  sign_in: 'Locked number',
  content: 'Course',
  news: 'News item',
  media: 'File',
  subject: 'Subject',
  chapter: 'Chapter',
  topic: 'Topic',
  material: 'Study material',
  quiz: 'Quiz',
  batch: 'Batch',
  live_class: 'Live class',
  demo: 'Demo data',
  backup: 'Backup',
  message: 'Text message',
  message_template: 'Message template',
};

const verbs: Record<string, string> = {
  add: 'added',
  update: 'changed',
  delete: 'deleted',
  move: 'moved',
  enrol: 'enrolled',
  deactivate: 'deactivated',
  reactivate: 'reactivated',
  sign_out_everywhere: 'signed out everywhere',
  import_add: 'added by an import',
  import_update: 'changed by an import',
  approve: 'approved',
  reject: 'rejected',
  retire: 'retired',
  restore: 'restored',
  unlock: 'unlocked',
  import: 'imported',
  publish: 'published',
  schedule: 'scheduled',
  unpublish: 'unpublished',
  upload: 'uploaded',
  prune: 'pruned',
  replace: 'given a new PDF',
  remove: 'removed',
  write: 'written',
  send: 'sent',
};

/** Every action the console records today, offered as suggestions in the filter (any code may be typed). */
export const knownActions = [
  ...[
    'add',
    'update',
    'enrol',
    'move',
    'deactivate',
    'reactivate',
    'sign_out_everywhere',
    'import_add',
    'import_update',
  ].map((verb) => `student.${verb}`),
  ...['add', 'update', 'deactivate', 'reactivate'].map((verb) => `staff.${verb}`),
  'registration.approve',
  'registration.reject',
  ...['add', 'update', 'retire', 'restore'].map((verb) => `academic_level.${verb}`),
  'sign_in.unlock',
  'content.import',
  ...['add', 'update', 'publish', 'schedule', 'unpublish', 'delete'].map((verb) => `news.${verb}`),
  'media.upload',
  'media.prune',
  'demo.remove',
  'backup.write',
  ...['subject', 'chapter', 'topic'].flatMap((thing) =>
    ['add', 'update', 'delete', 'move'].map((verb) => `${thing}.${verb}`),
  ),
  ...['add', 'update', 'replace', 'delete', 'move'].map((verb) => `material.${verb}`),
  ...['quiz', 'batch', 'live_class'].flatMap((thing) => ['add', 'update', 'delete'].map((verb) => `${thing}.${verb}`)),
  'topic.restore',
  'quiz.restore',
  'message.send',
  ...['add', 'update'].map((verb) => `message_template.${verb}`),
];

const words = (code: string) => code.replaceAll('_', ' ');

/** "student.import_add" → "Student added by an import"; an action not known here is still said in words. */
export function actionName(action: string): string {
  const [thing = '', verb = ''] = action.split('.', 2);
  const said = `${things[thing] ?? words(thing)} ${verbs[verb] ?? words(verb)}`.trim();
  return said.charAt(0).toUpperCase() + said.slice(1);
}
