import { DEFAULT_EDITOR_SETTINGS } from '@huoke/contracts/editor';
import type { RouteBody } from '@huoke/contracts/route';
import { editorSettingsRoutes as r } from '@huoke/contracts/routes/company';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './call';

const KEY = ['editor-settings'] as const;

/** The company's article editor configuration (SPEC §2.3): the company page writes it, the article editor reads it. */
const editorSettingsApi = {
  get: () => call(r.get),
  save: (body: RouteBody<typeof r.save>) => call(r.save, { body }),
};

export const useEditorSettings = () => useQuery({ queryKey: KEY, queryFn: editorSettingsApi.get });

export { DEFAULT_EDITOR_SETTINGS };

export function useSaveEditorSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: editorSettingsApi.save,
    onSuccess: (_r, body) => qc.setQueryData(KEY, body),
  });
}
