import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demoRemove from '../src/cli/commands/demo-remove.ts';
import { demoMaterialsDir, demoMediaDir } from '../src/paths.ts';
import { createPushSender } from '../src/push/push-sender.ts';
import { remindDueClasses } from '../src/resources/live-classes/class-reminders.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { type PushStandIn, startPushStandIn } from './push-stand-in.ts';

// Issue 35's "Done when", through the API as the console and the app call it: an institute, still on the demo, imports
// a batch of ten for a course of its own; one student watches the topic and passes the quiz; Insights names the other
// nine; a message reaches them; a class 20 minutes ahead (on the test's clock) reminds the batch by SMS and by Web Push
// (a stand-in push service); and removing the demo leaves all of the institute's own and signs the demo admin out.
let t: TestApp;
let standIn: PushStandIn;
let dir: string;
let admin: string;
const outbox: { to: string; text: string }[] = [];
/** 10:00 am in Kolkata; the test moves it. */
let clock = new Date('2031-06-02T04:30:00Z');
const DEMO_ADMIN = '+919811100001';

const post = (path: string, body: unknown, token = admin) => t.consolePost(path, body, token);
const ids = (list: { stud_id: number }[]) => list.map((s) => s.stud_id).sort((a, b) => a - b);
const names = (list: { name: string }[]) => list.map((s) => s.name).sort();

/** Asks the console for a send until none of its texts waits. */
async function finished(sendId: number) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const shown = await post('/Messages/send/show', { id: sendId });
    if (shown.body.data.send.finished_at) return shown.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`send ${sendId} did not finish in 30 s`);
}

beforeAll(async () => {
  standIn = await startPushStandIn();
  // The demo's files copied into the installation's own folders, as a first start with SEED_DEMO does: removing the
  // demo deletes them.
  dir = await mkdtemp(join(tmpdir(), 'portal-follow-up-'));
  await cp(demoMediaDir, join(dir, 'media'), { recursive: true });
  await cp(demoMaterialsDir, join(dir, 'materials'), { recursive: true });
  t = await startTestApp({
    pushAgent: standIn.agent,
    // The server's own reminder turns keep a clock a day behind the test's: the class is reminded by the test's turn.
    now: () => new Date('2031-06-01T04:30:00Z'),
    sms: { send: async (to, text) => void outbox.push({ to, text }) },
    env: {
      MEDIA_DIR: join(dir, 'media'),
      MATERIALS_DIR: join(dir, 'materials'),
      MESSAGES_PER_SECOND: '50',
      JOB_POLL_SECONDS: '1',
    },
  });
  // The demo's admin, who sets the portal up before going live.
  admin = await t.staffTokenFor('admin');
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const course = { subject: 0, chapter: 0, topic: 0, quiz: 0, batch: 0, liveClass: 0 };
const quizAnswers: { question_id: number; answer: string }[] = [];
let students: { id: number; name: string; mobile: string }[] = [];
let watcher: { id: number; name: string; mobile: string };
let others: number[] = [];

describe("the teacher's follow-up loop", { timeout: 120_000 }, () => {
  it("imports a batch of 10 into the institute's own course", async () => {
    course.subject = (await post('/Subject/save', { name: 'Physics 11 (2031)' })).body.data.id;
    course.chapter = (
      await post('/Chapter/save', { subject_id: course.subject, name: 'Motion in a plane' })
    ).body.data.id;
    const topic = await post('/Topic/save', {
      chapter_id: course.chapter,
      name: 'Projectile motion',
      video_link: 'https://vimeo.com/123456',
      duration_seconds: 600,
    });
    expect(topic.status).toBe(200);
    course.topic = topic.body.data.id;
    const quiz = await post('/Quiz/save', {
      chapter_id: course.chapter,
      name: 'Projectiles quiz',
      pass_marks: 2,
      questions: [
        { question: 'At the top of its path, a projectile’s vertical speed is', options: ['zero', 'g'], answer: 1 },
        { question: 'The range is greatest at', options: ['30°', '45°', '60°'], answer: 2 },
      ],
    });
    expect(quiz.status).toBe(200);
    course.quiz = quiz.body.data.id;
    course.batch = (await post('/Batch/save', { subject_id: course.subject, name: 'Morning 2031' })).body.data.id;

    const rows = Array.from(
      { length: 10 },
      (_, i) => `Student ${String(i + 1).padStart(2, '0')},98765 4400${i},Physics 11 (2031),Morning 2031`,
    );
    const file = ['Name,Mobile,Subjects,Batch', ...rows].join('\n');
    const imported = await post('/Students/import_commit', { file: Buffer.from(file).toString('base64') });
    expect(imported.body.data).toMatchObject({ created: 10, skipped: [] });
    students = await t.db.query<{ id: number; name: string; mobile: string }>(
      `SELECT id, name, '+' || phone_code || mobile AS mobile FROM students WHERE name LIKE 'Student __' ORDER BY name`,
    );
    expect(students).toHaveLength(10);
    watcher = students[0]!;
    others = students
      .slice(1)
      .map((s) => s.id)
      .sort((a, b) => a - b);
  });

  it('one watches the topic to the end and passes the quiz; Insights names the other 9', async () => {
    const token = await t.tokenFor(watcher.id);
    const watched = await t.post(
      '/Student/watched',
      { stud_id: watcher.id, topic_id: course.topic, position_seconds: 600, duration_seconds: 600 },
      token,
    );
    expect(watched.status).toBe(200);
    const quiz = await t.post('/Student/get_quiz', { stud_id: watcher.id, quiz_id: course.quiz }, token);
    const right = ['zero', '45°'];
    for (const [i, question] of (quiz.body.data.questions as { question_id: number }[]).entries())
      quizAnswers.push({ question_id: question.question_id, answer: right[i]! });
    const submitted = await t.post(
      '/Student/submit_quiz',
      { stud_id: watcher.id, quiz_id: course.quiz, submit_data: quizAnswers },
      token,
    );
    expect(submitted.body.data).toMatchObject({ result: 'pass', score_text: '2/2' });

    const notWatched = await post('/Insights/topic-students', {
      topic_id: course.topic,
      batch_id: course.batch,
      list: 'not_watched',
    });
    expect(notWatched.body.data.total).toBe(9);
    expect(ids(notWatched.body.data.students)).toEqual(others);
    const notAttempted = await post('/Insights/quiz-students', {
      quiz_id: course.quiz,
      batch_id: course.batch,
      list: 'not_attempted',
    });
    expect(notAttempted.body.data.total).toBe(9);
    expect(names(notAttempted.body.data.students)).toEqual(names(students.slice(1)));
  });

  it('a message to those 9, from a registered template, reaches 9 outbox entries with their status', async () => {
    const template = await post('/Messages/template/save', {
      name: 'Topic not watched',
      dlt_template_id: '1107168000000000101',
      text: 'Dear {name}, please watch {topic} before Friday. - Sunrise Academy',
    });
    expect(template.status).toBe(200);
    const sent = await post('/Messages/send', {
      template_id: template.body.data.id,
      variables: { topic: 'Projectile motion' },
      audience: { student_ids: others },
      source: 'Not watched: Projectile motion',
    });
    expect(sent.body.data.recipients).toBe(9);
    const done = await finished(sent.body.data.id);
    expect(done.send).toMatchObject({ recipients: 9, sent: 9, failed: 0, queued: 0 });
    expect(
      done.recipients.map((r: { student_id: number }) => r.student_id).sort((a: number, b: number) => a - b),
    ).toEqual(others);
    expect(done.recipients.every((r: { status: string }) => r.status === 'sent')).toBe(true);
    expect(outbox).toHaveLength(9);
    expect(outbox.map((sms) => sms.to)).not.toContain(watcher.mobile);
    expect(outbox).toContainEqual({
      to: students[4]!.mobile,
      text: 'Dear Student 05, please watch Projectile motion before Friday. - Sunrise Academy',
    });
  });

  it('a class 20 minutes ahead reminds its batch by SMS, and a subscribed phone by Web Push', async () => {
    const reminderTemplate = await post('/Messages/template/save', {
      name: 'Class reminder',
      dlt_template_id: '1107168000000000102',
      text: 'Dear {name}, {class_name} with {tutor_name} starts at {time}. - Sunrise Academy',
      class_reminder: true,
    });
    expect(reminderTemplate.body.data.class_reminder).toBe(true);
    const scheduled = await post('/LiveClass/add', {
      batch_id: course.batch,
      class_name: 'Projectiles, live',
      tutor_name: 'Mr. Suresh Nair',
      online_url: 'https://meet.example.com/projectiles',
      starts_at: '2031-06-02T10:20',
      duration_minutes: 60,
    });
    expect(scheduled.status).toBe(200);
    course.liveClass = scheduled.body.data.added[0].id;
    // The watcher allowed reminders in the installed app.
    const phone = standIn.newDevice();
    const token = await t.tokenFor(watcher.id);
    const subscribed = await t.post(
      '/Student/push_subscribe',
      { stud_id: watcher.id, endpoint: phone.endpoint, keys: phone.keys, language: 'en' },
      token,
    );
    expect(subscribed.status).toBe(200);

    // The server's turn, at 10:00 on the test's clock: CLASS_REMINDER_MINUTES is 30 (the default).
    const turn = () =>
      remindDueClasses({
        db: t.db,
        push: createPushSender(t.db, t.config.PUSH_CONTACT, pino({ level: 'silent' }), standIn.agent),
        jobs: t.jobs,
        log: pino({ level: 'silent' }),
        minutes: t.config.CLASS_REMINDER_MINUTES,
        timeZone: t.config.INSTITUTE_TIMEZONE,
        now: clock,
      });
    const [reminded] = await turn();
    expect(reminded).toMatchObject({ liveClassId: course.liveClass, students: 10, pushed: 1, failed: 0 });

    const done = await finished(reminded!.sendId!);
    expect(done.send).toMatchObject({
      sent_by: 'The portal (automatic)',
      recipients: 10,
      sent: 10,
      failed: 0,
      source: 'Class reminder: Projectiles, live, Morning 2031, 10:20 am',
    });
    const reminders = outbox.slice(9);
    expect(reminders.map((sms) => sms.to).sort()).toEqual(students.map((s) => s.mobile).sort());
    expect(reminders).toContainEqual({
      to: watcher.mobile,
      text: 'Dear Student 01, Projectiles, live with Mr. Suresh Nair starts at 10:20 am. - Sunrise Academy',
    });
    const [arrival, ...more] = standIn.arrivedAt(phone);
    expect(more).toEqual([]);
    expect(standIn.read(phone, arrival!)).toMatchObject({
      title: 'Projectiles, live starts in 20 minutes',
      url: `/live-classes/${course.subject}/${course.batch}`,
    });

    // A minute later the class is not reminded again.
    clock = new Date(clock.getTime() + 60_000);
    expect(await turn()).toEqual([]);
    expect(outbox).toHaveLength(19);
    expect(standIn.arrivedAt(phone)).toHaveLength(1);
  });

  it("demo remove --commit leaves the imported students and the institute's course, and the demo admin cannot sign in", async () => {
    expect(
      (await post('/Members/add', { name: 'Nisha Principal', mobile: '+91 98111 22222', role: 'admin' })).status,
    ).toBe(200);
    const lines: string[] = [];
    const code = await demoRemove.run({
      options: { commit: true },
      positionals: [],
      db: t.db,
      config: t.config,
      print: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/Removed the demo data/);

    expect(await t.db.query('SELECT id FROM students ORDER BY id')).toEqual(
      students.map((s) => ({ id: s.id })).sort((a, b) => a.id - b.id),
    );
    expect(await t.db.query('SELECT id, name FROM subjects')).toEqual([
      { id: course.subject, name: 'Physics 11 (2031)' },
    ]);
    const kept = await t.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM chapters) AS chapters, (SELECT count(*)::int FROM topics) AS topics,
              (SELECT count(*)::int FROM quizzes) AS quizzes, (SELECT count(*)::int FROM batches) AS batches,
              (SELECT count(*)::int FROM live_classes) AS live_classes,
              (SELECT count(*)::int FROM enrolments WHERE subject_id = $1) AS enrolled,
              (SELECT count(*)::int FROM batch_members WHERE batch_id = $2) AS in_batch,
              (SELECT count(*)::int FROM watch_progress WHERE topic_id = $3) AS watched,
              (SELECT count(*)::int FROM quiz_attempts WHERE quiz_id = $4) AS attempts`,
      [course.subject, course.batch, course.topic, course.quiz],
    );
    expect(kept).toEqual([
      {
        chapters: 1,
        topics: 1,
        quizzes: 1,
        batches: 1,
        live_classes: 1,
        enrolled: 10,
        in_batch: 10,
        watched: 1,
        attempts: 1,
      },
    ]);
    // The watcher still finds the course and the class in the app.
    const token = await t.tokenFor(watcher.id);
    const classes = await t.post(
      '/Student/live_classes',
      { stud_id: watcher.id, sub_id: course.subject, batch_id: course.batch },
      token,
    );
    expect(classes.body.data).toEqual([
      expect.objectContaining({ id: course.liveClass, class_name: 'Projectiles, live' }),
    ]);

    // The demo admin is signed out and gets no sign-in code any more; the institute's admin does.
    expect((await post('/Auth/me', {})).status).toBe(401);
    outbox.length = 0;
    expect((await t.consolePost('/Auth/login', { mobile: DEMO_ADMIN })).status).toBe(200);
    await t.smsSent();
    expect(outbox).toEqual([]);
    expect((await t.consolePost('/Auth/login', { mobile: '+919811122222' })).status).toBe(200);
    await t.smsSent();
    expect(outbox.map((sms) => sms.to)).toEqual(['+919811122222']);
  });
});
