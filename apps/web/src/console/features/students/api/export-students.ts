import { exportStudents } from '@portal/contract/console';
import { useMutation } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

/** Asks for the roster as CSV and hands it to the browser as a download. */
export const useExportStudents = () =>
  useMutation({
    mutationFn: async () => {
      const { data } = await callConsole(exportStudents);
      const url = URL.createObjectURL(new Blob([data.csv], { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: data.file_name });
      link.click();
      URL.revokeObjectURL(url);
      return data.file_name;
    },
  });
