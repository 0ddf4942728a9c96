import { getTopicDownload } from '@portal/contract/downloads';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useStudentId } from '../../lib/session-store.ts';

// Asked each time the panel opens: its sizes and signed links are for now, not for the saved cache.
export const topicDownloadQuery = (studentId: number, topicId: number) =>
  queryOptions({
    queryKey: ['topic-download', studentId, topicId],
    queryFn: async () => (await callApi(getTopicDownload, { stud_id: studentId, topic_id: topicId })).data,
    staleTime: 0,
    gcTime: 60_000,
  });

export const useTopicDownload = (topicId: number) => useQuery(topicDownloadQuery(useStudentId(), topicId));
