import type { Queryable } from '../database.ts';
import type { DemoChapter, DemoCourses } from './courses.ts';

interface DemoTopic {
  name: string;
  video_link: string;
  thumbnail: string;
  duration_seconds: number | null;
}

// Real files in media/videos/ (made by scripts/make-demo-videos.sh), 12 s each, reused across topics.
const clip = (file: string): Pick<DemoTopic, 'video_link' | 'thumbnail' | 'duration_seconds'> => ({
  video_link: `/media/videos/${file}`,
  thumbnail: `/media/videos/thumbnails/${file.replace(/\.\w+$/, '')}.jpg`,
  duration_seconds: 12,
});
const clips = ['lesson-a.webm', 'lesson-b.webm', 'lesson-c.webm', 'lesson-d.webm', 'lesson-e.mp4'].map(clip);
const hlsStream = { ...clip('hls/stream.m3u8'), thumbnail: '/media/videos/thumbnails/hls-stream.jpg' };
// Embeds need the internet; they are here so every kind of link the portal accepts has a demo.
const youtube = {
  video_link: 'https://www.youtube.com/watch?v=LXb3EKWsInQ',
  thumbnail: '/media/videos/thumbnails/youtube.webp',
  duration_seconds: null,
};
const vimeo = {
  video_link: 'https://vimeo.com/90509568',
  thumbnail: '/media/videos/thumbnails/vimeo.webp',
  duration_seconds: null,
};

const lessonNames = (chapter: string) => [
  `Introduction to ${chapter}`,
  `${chapter}: Key Ideas`,
  `${chapter}: Worked Examples`,
  `${chapter}: Revision`,
];

/** Two to four topics per chapter, plus the stream and the embeds in a few chosen places. */
function topicsFor(chapter: DemoChapter, chapterIndex: number): DemoTopic[] {
  const count = 2 + (chapterIndex % 3);
  const topics = lessonNames(chapter.name)
    .slice(0, count)
    .map((name, i) => ({ name, ...clips[(chapterIndex + i) % clips.length]! }));
  if (chapter.name === 'Units and Measurements')
    topics.splice(2, 0, { name: 'Measuring Length (HLS stream)', ...hlsStream });
  if (chapter.name === 'Motion in a Straight Line') topics.push({ name: 'Motion Explained (YouTube)', ...youtube });
  if (chapter.name === 'Sets') topics.push({ name: 'Sets in Everyday Life (Vimeo)', ...vimeo });
  return topics.slice(0, 4);
}

export async function seedLearning(db: Queryable, courses: DemoCourses) {
  const topicIds = new Map<string, number>();
  let chapterIndex = 0;
  for (const subject of courses.subjects) {
    for (const chapter of subject.chapters) {
      for (const [position, topic] of topicsFor(chapter, chapterIndex++).entries()) {
        const [row] = await db.query<{ id: number }>(
          `INSERT INTO topics (chapter_id, name, video_link, thumbnail, duration_seconds, position)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [chapter.id, topic.name, topic.video_link, topic.thumbnail, topic.duration_seconds, position],
        );
        topicIds.set(topic.name, row!.id);
      }
    }
  }

  // Some history, so Recently Watched has something to show: newest first is the first row here.
  const watched: [student: number, topic: string, position: number, duration: number, hoursAgo: number][] = [
    [courses.demoStudentId, 'Structure of Atom: Key Ideas', 7, 12, 1],
    [courses.demoStudentId, 'Introduction to Sets', 12, 12, 5],
    [courses.demoStudentId, 'Measuring Length (HLS stream)', 4, 12, 26],
    [courses.demoStudentId, 'Units and Measurements: Key Ideas', 3, 12, 50],
    [courses.otherStudentId, 'Introduction to The Living World', 6, 12, 2],
  ];
  for (const [studentId, topicName, position, duration, hoursAgo] of watched) {
    const topicId = topicIds.get(topicName);
    if (!topicId) throw new Error(`Demo topic ${topicName} is missing`);
    await db.query(
      `INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds, updated_at)
       VALUES ($1, $2, $3, $4, now() - make_interval(hours => $5))`,
      [studentId, topicId, position, duration, hoursAgo],
    );
  }
}
