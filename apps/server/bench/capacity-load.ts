// The capacity bench's students and its two ways of loading a server: open loop (requests at a set rate whatever the
// answers) and closed loop (K students, each waiting for its answer and thinking before the next screen). Each
// student is one account with its own connection from its own loopback source address (127.1.x.y, a few students an
// address), as phones behind an institute's Wi-Fi are a few to an address.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface SubjectPlan {
  subject: number;
  chapter: number;
  topic: number;
  quiz: number;
  submitData: { question_id: number; answer: string }[];
}

export interface Student {
  id: number;
  mobile: string;
  address: string;
  agent: Agent;
  token: string;
  plan: SubjectPlan;
  /** The next screen of the session. */
  step: number;
  position: number;
  attempt: number;
}

/**
 * One student's session, in order, and the seconds a real student spends before the next request: subjects,
 * chapters, topics, the video (a watch write every 10 s, three of them), the chapter's materials, its quizzes, a quiz
 * answered and submitted, the report. 11 requests in 88 s.
 */
const SESSION: { path: string; seconds: number; body: (s: Student) => Record<string, unknown> }[] = [
  { path: '/Student/subjects', seconds: 4, body: () => ({}) },
  { path: '/Student/chapters', seconds: 4, body: (s) => ({ sub_id: s.plan.subject }) },
  { path: '/Student/topics', seconds: 4, body: (s) => ({ chapter_id: s.plan.chapter }) },
  ...[1, 2, 3].map(() => ({
    path: '/Student/watched',
    seconds: 10,
    body: (s: Student) => ({
      topic_id: s.plan.topic,
      position_seconds: (s.position = (s.position + 10) % 600),
      duration_seconds: 600,
    }),
  })),
  {
    path: '/Student/study_materials',
    seconds: 8,
    body: (s) => ({ sub_id: s.plan.subject, chapter_id: s.plan.chapter }),
  },
  { path: '/Student/get_quiz_by_chapter', seconds: 4, body: (s) => ({ chapter_id: s.plan.chapter }) },
  { path: '/Student/get_quiz', seconds: 20, body: (s) => ({ quiz_id: s.plan.quiz }) },
  { path: '/Student/submit_quiz', seconds: 4, body: (s) => ({ quiz_id: s.plan.quiz, submit_data: s.plan.submitData }) },
  { path: '/Student/quiz_report_by_id', seconds: 10, body: (s) => ({ id: s.attempt }) },
];

/** Requests a second one real student sends, on average, over the session above. */
export const REQUESTS_PER_STUDENT_SECOND = SESSION.length / SESSION.reduce((sum, step) => sum + step.seconds, 0);
export const SESSION_SECONDS = SESSION.reduce((sum, step) => sum + step.seconds, 0);

/** The source address of the `index`th student, `perAddress` students an address. */
export function addressOf(index: number, perAddress: number) {
  const n = Math.floor(index / perAddress);
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

const agents = new Map<string, Agent>();
/** One keep-alive agent an address, a connection a student. */
export function agentFor(address: string, perAddress: number) {
  let agent = agents.get(address);
  if (!agent)
    agents.set(address, (agent = new Agent({ keepAlive: true, localAddress: address, maxSockets: perAddress })));
  return agent;
}

export interface Answer {
  status: number;
  body: string;
}

/** A POST of JSON from `agent`'s address; a status of 0 when the connection failed or took longer than 10 s. */
export function post(port: number, path: string, body: unknown, agent: Agent, token?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const bytes = Buffer.from(JSON.stringify(body));
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: `/console/micros/Api${path}`,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': bytes.length, ...(token ? { token } : {}) },
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('timeout')));
    sent.on('error', () => resolve({ status: 0, body: '' }));
    sent.end(bytes);
  });
}

export interface Tally {
  /** Latencies of the requests begun in the measuring window. */
  latencies: number[];
  /** Every request answered, in the window or not (what the CPU of the whole step served). */
  answered: number;
  errors: number;
  /** Status codes other than 200, and 0 for a failed connection, with their counts. */
  statuses: Map<number, number>;
}

const newTally = (): Tally => ({ latencies: [], answered: 0, errors: 0, statuses: new Map() });

/** Sends `student`'s next request and moves it along its session; counted in `tally` when `counted()` says so. */
async function nextRequest(port: number, student: Student, tally: Tally, counted: () => boolean) {
  const step = SESSION[student.step]!;
  student.step = (student.step + 1) % SESSION.length;
  const started = performance.now();
  const answer = await post(
    port,
    step.path,
    { stud_id: student.id, ...step.body(student) },
    student.agent,
    student.token,
  );
  const took = performance.now() - started;
  tally.answered++;
  if (step.path === '/Student/submit_quiz' && answer.status === 200) {
    const attempt = /"attempt_id":(\d+)/.exec(answer.body)?.[1];
    if (attempt) student.attempt = Number(attempt);
  }
  if (!counted()) return;
  tally.latencies.push(took);
  if (answer.status !== 200) {
    tally.errors++;
    tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** An exponential wait of mean `ms`, capped at five means: think times, arrivals. */
const exponential = (ms: number) => Math.min(5 * ms, -Math.log(1 - Math.random()) * ms);

/** A measuring window of `seconds` after a second of ramp: whether a request begun now is counted, and whether to go on. */
function window(seconds: number) {
  const from = performance.now() + 1000;
  const to = from + seconds * 1000;
  return {
    counted: () => {
      const now = performance.now();
      return now >= from && now < to;
    },
    running: () => performance.now() < to,
  };
}

/**
 * Closed loop: `count` students, each sending its next request when the last is answered and a think time
 * (exponential, mean `thinkMs`) has passed. Time runs faster than a real student's: the load is stated as the real
 * students who would send as many requests (REQUESTS_PER_STUDENT_SECOND each).
 */
export async function closedLoop(port: number, students: Student[], count: number, seconds: number, thinkMs: number) {
  const tally = newTally();
  const { counted, running } = window(seconds);
  await Promise.all(
    students.slice(0, count).map(async (student) => {
      await sleep(Math.random() * thinkMs);
      while (running()) {
        await nextRequest(port, student, tally, counted);
        await sleep(exponential(thinkMs));
      }
    }),
  );
  return tally;
}

/**
 * Open loop: requests at `rate` a second, whatever the answers (sent every 5 ms, as many as are due); each goes to
 * the next student in turn, so each student's session stays in order at the pace rate ÷ students.
 */
export async function openLoop(port: number, students: Student[], rate: number, seconds: number) {
  const tally = newTally();
  const { counted, running } = window(seconds);
  const inFlight = new Set<Promise<void>>();
  const begun = performance.now();
  let sent = 0;
  while (running()) {
    const due = Math.floor(((performance.now() - begun) / 1000) * rate) - sent;
    for (let i = 0; i < due; i++) {
      const student = students[sent++ % students.length]!;
      const one: Promise<void> = nextRequest(port, student, tally, counted).finally(() => inFlight.delete(one));
      inFlight.add(one);
    }
    await sleep(5);
  }
  await Promise.all(inFlight);
  return tally;
}

/** p-th percentile of a list of latencies, in ms. */
export function percentile(latencies: number[], p: number) {
  if (!latencies.length) return 0;
  const sorted = latencies.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
