import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFeedback } from './feedback';

/**
 * Saves a settings form (options, health retention, staff alerts): the feedback cleared while it
 * goes, the server's answer written over the cached settings under `queryKey`, then `savedText`
 * (or the server's error).
 */
export function useSettingsSave<Body, Answer>(queryKey: unknown[], save: (body: Body) => Promise<Answer>, savedText: string) {
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const mutation = useMutation({
    mutationFn: save,
    onMutate: () => feedback.clear(),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      feedback.notice(savedText);
    },
    onError: (e) => feedback.fail(e),
  });
  return { feedback, mutation };
}
