import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listItems, onDownloadsChanged } from '../../lib/downloads/download-store.ts';
import { useStudentId } from '../../lib/session-store.ts';

const downloadsQuery = (studentId: number) =>
  queryOptions({
    queryKey: ['downloads', studentId],
    queryFn: () => listItems(studentId),
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });

/**
 * The student's downloads on this device, read again whenever one is added, finished or deleted. Read from the device,
 * so it runs offline too (networkMode 'always'); its failure is the device's store refusing (a private window).
 */
export function useDownloads() {
  const studentId = useStudentId();
  const queryClient = useQueryClient();
  useEffect(
    () => onDownloadsChanged(() => void queryClient.invalidateQueries({ queryKey: ['downloads', studentId] })),
    [queryClient, studentId],
  );
  return useQuery(downloadsQuery(studentId));
}
