import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, openConsole } from '../../../../test/console-fixtures.tsx';
import { ok, refused } from '../../../../test/mock-api.ts';
import { startingAudience } from './audience.ts';

const template = {
  id: 5,
  name: 'Topic reminder',
  dlt_template_id: '1107168000000000001',
  gateway_template_id: '',
  text: 'Dear {name}, please watch {topic} before Friday.',
  active: true,
  class_reminder: false,
};
const templates = {
  templates: [template],
  free_text: false,
  price_per_part: 0.25,
  currency: 'INR',
  class_reminder_minutes: 30,
};
const nine = [11, 12, 13, 14, 15, 16, 17, 18, 19];

const send = (statuses: ('queued' | 'sent' | 'failed')[]) => ({
  send: {
    id: 4,
    template_name: 'Topic reminder',
    text: 'Dear {name}, please watch Vectors before Friday.',
    source: 'Not watched: Vectors',
    sent_by: 'Tara Teacher',
    created_at: '2026-11-28T04:00:00.000Z',
    finished_at: statuses.includes('queued') ? null : '2026-11-28T04:00:02.000Z',
    recipients: statuses.length,
    queued: statuses.filter((s) => s === 'queued').length,
    sent: statuses.filter((s) => s === 'sent').length,
    failed: statuses.filter((s) => s === 'failed').length,
  },
  recipients: statuses.map((status, i) => ({
    student_id: nine[i]!,
    student_name: `Student ${i + 1}`,
    mobile: `+91900000000${i + 1}`,
    status,
    attempts: status === 'queued' ? 0 : status === 'failed' ? 3 : 1,
    reason: status === 'failed' ? 'gateway answered 503' : '',
    sent_at: status === 'sent' ? '2026-11-28T04:00:01.000Z' : null,
  })),
});

describe('messages', { timeout: 20_000 }, () => {
  it('composes from a template for the students in the address, previews it with the count and cost, sends it, and follows each recipient to sent', async () => {
    let shows = 0;
    const { calls, user } = openConsole(
      `/console/messages/new?students=${nine.join(',')}&source=${encodeURIComponent('Not watched: Vectors')}`,
      {
        api: {
          '/Messages/templates': () => ok(templates),
          '/Messages/preview': (call) => {
            const topic = (call.body as { variables: { topic?: string } }).variables.topic;
            return ok({
              recipients: 9,
              left_out: 0,
              first: {
                student_name: 'Student 1',
                text: `Dear Student 1, please watch ${topic ?? '{topic}'} before Friday.`,
              },
              parts: 1,
              cost: 2.25,
              currency: 'INR',
              unfilled: topic ? [] : ['topic'],
            });
          },
          '/Messages/send': () => ok({ id: 4, recipients: 9 }),
          '/Messages/send/show': () =>
            ok(send(shows++ === 0 ? [...Array(8).fill('queued'), 'sent'] : [...Array(8).fill('sent'), 'failed'])),
        },
      },
    );
    expect(await screen.findByText('To the 9 chosen students (Not watched: Vectors)')).toBeInTheDocument();
    expect(await screen.findByText('Still to fill in: {topic}')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to 9 students' })).toBeDisabled();
    await user.type(screen.getByLabelText('{topic}'), 'Vectors');
    expect(await screen.findByText('Dear Student 1, please watch Vectors before Friday.')).toBeInTheDocument();
    expect(screen.getByText('9 students will get it.')).toBeInTheDocument();
    expect(screen.getByText(/This sends 9 texts of 1 SMS part each: about ₹2.25/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send to 9 students' }));
    expect(calls.find((call) => call.path.endsWith('/Messages/send'))?.body).toEqual({
      template_id: 5,
      variables: { topic: 'Vectors' },
      audience: { student_ids: nine },
      source: 'Not watched: Vectors',
    });
    expect(await screen.findByText('Sending: 1 sent, 0 failed, 8 waiting')).toBeInTheDocument();
    // Asked again while it runs, until nothing waits.
    expect(await screen.findByText('Finished: 8 sent, 1 failed', {}, { timeout: 5000 })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: "Each student's text" }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(9);
    expect(rows.filter((row) => row.textContent?.includes('Sent'))).toHaveLength(8);
    expect(rows.at(-1)).toHaveTextContent('Failed3gateway answered 503');
    // On a phone each student is a card: a failed text's card gives its reason, a sent one has no empty "Reason".
    const cards = within(screen.getByRole('list', { name: "Each student's text" })).getAllByRole('listitem');
    expect(cards.at(-1)).toHaveTextContent('Reasongateway answered 503');
    expect(cards[0]).not.toHaveTextContent('Reason');
  });

  it('says how to begin when the institute has no template yet, and admins register one', async () => {
    const { calls, user } = openConsole('/console/messages/templates', {
      as: admin,
      api: {
        '/Messages/templates': () => ok({ ...templates, templates: [] }),
        '/Messages/template/save': (call) =>
          (call.body as { name: string }).name === 'Taken'
            ? refused(400, 'name: another template has this name: choose another', { field: 'name' })
            : ok({ ...template, ...(call.body as object), id: 6 }, 'Fees due is saved.'),
      },
    });
    expect(await screen.findByText(/No templates yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a template' }));
    await user.type(screen.getByLabelText('Name'), 'Taken');
    await user.type(screen.getByLabelText('Text'), 'Dear {{name}, fees are due on {{date}.');
    expect(screen.getByText('Variables: {name}, {date}')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(/another template has this name/i)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Fees due');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(calls.filter((call) => call.path.endsWith('/Messages/template/save')).at(-1)?.body).toMatchObject({
      name: 'Fees due',
      text: 'Dear {name}, fees are due on {date}.',
      active: true,
    });
  });

  it('lets an admin choose the template that texts a class reminder, and says which one does', async () => {
    const reminder = {
      ...template,
      id: 7,
      name: 'Class reminder',
      text: 'Dear {name}, {class_name} starts at {time}. - {institute}',
    };
    let chosen = false;
    const { calls, user } = openConsole('/console/messages/templates', {
      as: admin,
      api: {
        '/Messages/templates': () =>
          ok({ ...templates, templates: [template, { ...reminder, class_reminder: chosen }] }),
        '/Messages/template/save': (call) => {
          const body = call.body as { text: string };
          if (body.text.includes('{institute}'))
            return refused(
              400,
              'class_reminder: A class reminder fills in only {name}, {class_name}, {batch_name}, {tutor_name}, {time}, {minutes}: {institute} would be sent as it is written.',
              { field: 'class_reminder' },
            );
          chosen = true;
          return ok({ ...reminder, ...body, class_reminder: true }, 'Class reminder is saved.');
        },
      },
    });
    const note = await screen.findByRole('region', { name: 'Class reminders' });
    expect(note).toHaveTextContent(
      /No template is chosen for class reminders, so a class reminds its batch 30 minutes/,
    );
    await user.click(screen.getByRole('button', { name: 'Change Class reminder' }));
    const box = screen.getByRole('checkbox', { name: 'Use for class reminders' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(/\{institute\} would be sent as it is written/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Text'));
    await user.type(screen.getByLabelText('Text'), 'Dear {{name}, {{class_name} starts at {{time}.');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(calls.filter((call) => call.path.endsWith('/Messages/template/save')).at(-1)?.body).toMatchObject({
      id: 7,
      class_reminder: true,
    });
    expect(
      await within(note).findByText(/is texted to a class's batch 30 minutes before the class starts/),
    ).toHaveTextContent('Class reminder is texted');
  });

  it('takes its students from the address or from the roster’s router state, and a batch from ?batch=', () => {
    expect(startingAudience('?students=3,4,x', null)).toEqual({ student_ids: [3, 4] });
    expect(startingAudience('', { studentIds: [7, 8] })).toEqual({ student_ids: [7, 8] });
    expect(startingAudience('?batch=2', { studentIds: [7] })).toEqual({ batch_id: 2 });
    expect(startingAudience('', null)).toBeUndefined();
  });
});
