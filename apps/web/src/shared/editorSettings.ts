import { DEFAULT_EDITOR_SETTINGS, type EditorSettings } from '@huoke/contracts/editor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './request';

const KEY = ['editor-settings'] as const;

/** The company's article editor configuration (SPEC §2.3): the company page writes it, the article editor reads it. */
const editorSettingsApi = {
  get: () => request<EditorSettings>('GET', '/cus/editorsetting/Get'),
  save: (body: EditorSettings) => request<{ ok: true }>('POST', '/cus/editorsetting/Save', body),
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
