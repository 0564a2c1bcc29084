// The context meter and auto-compaction against an endpoint with a real context limit: a fake
// OpenAI-compatible server that counts prompts with o200k and refuses any over 1,200 tokens. A
// Chinese conversation that would overflow it (characters ÷ 4 would have seen a third of its
// size) is compacted by the demo before the limit is reached, and every request is accepted.
import { describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { promptTokensOf, startFakeOpenAIServer, type RecordedRequest } from './support/fake-openai-server.js';
import { byTestId, noticeTexts, screenshot, sendAndWait, waitForNotice } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { useEndpoint } from './support/endpoint-settings.js';
import { useStarted } from './support/use-started.js';

const demo = useDemoEnvironment();

const CONTEXT_LIMIT = 1200;
const THRESHOLD_PERCENT = 80;

const MESSAGES = [
  '你好！我们公司下个月要在杭州举办一场两天的技术交流会，大约有一百二十位参会者，其中有三十位是从外地来的。请帮我列出需要提前准备的事项，包括场地、住宿、餐饮和交通，最好按照时间顺序排列，方便我分配给团队成员。',
  '谢谢！关于场地，我们在考虑西湖附近的一家酒店会议厅和滨江的一个创意园区。酒店的优点是住宿方便，但是价格比较高；园区的空间更灵活，也更有氛围，可是离地铁站要走十五分钟。你觉得应该怎么选择？有哪些需要特别注意的地方？',
  '好的，那我们先选园区。接下来是议程安排：第一天上午是开幕式和两场主题演讲，下午分成三个分会场，第二天上午是工作坊，下午是圆桌讨论和闭幕。请帮我估算一下每个环节大概需要多长时间，中间的茶歇和午餐怎么安排比较合理？',
  '明白了。还有一个问题：外地来的三十位嘉宾，有些人会提前一天到，有些人第二天晚上才离开。我们应该怎么统计大家的行程，预订酒店的时候要注意什么？如果有人临时改变行程，怎样处理才能减少损失？',
  '餐饮方面，我们想第一天中午提供自助餐，晚上安排一场简单的交流晚宴，第二天中午提供盒饭。参会者里面有几位是素食者，还有一位对海鲜过敏。请问怎么收集大家的饮食要求？和餐饮供应商沟通的时候要确认哪些细节？',
  '最后想问一下宣传和报名的事情。我们打算用一个在线表单收集报名信息，然后通过邮件和微信群发送通知。报名表里应该包括哪些字段？会前一周、会前一天和会议当天，分别应该发送什么内容的提醒？',
  '非常感谢你的建议！我还想了解一下会后的工作：怎么收集参会者的反馈，怎样整理演讲的资料和照片，以及如何写一份简短的总结报告给公司领导。有没有什么模板或者清单可以参考？',
  '另外，我们也想在明年继续举办类似的活动，而且规模可能会扩大到三百人左右。从这次的经验来看，哪些环节最容易出问题？如果预算增加一倍，你会建议把钱优先花在哪些地方？',
];

const endpoint = useStarted('fake OpenAI endpoint', () => startFakeOpenAIServer({ contextLimit: CONTEXT_LIMIT }));

/** The request the whole conversation would have been without compaction. */
function uncompactedRequest(first: RecordedRequest['body']): RecordedRequest['body'] {
  const turns = MESSAGES.flatMap((text) => [{ role: 'user', content: text }, { role: 'assistant', content: `Echo from the endpoint: ${text}` }]);
  return { ...first, messages: [first.messages[0]!, ...turns] };
}

describe('demo: context meter and auto-compaction', () => {
  it('compacts a Chinese chat before the endpoint\'s context limit is reached', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await useEndpoint(page, { baseUrl: endpoint.baseUrl, model: 'fake-model', contextWindow: CONTEXT_LIMIT, autoCompactPercent: THRESHOLD_PERCENT });

      const meter = byTestId(page, 'context-meter');
      const meterReadings: { text: string; tokens: number; measured: boolean }[] = [];
      for (const [index, text] of MESSAGES.entries()) {
        await sendAndWait(page, text);
        await expect.poll(() => meter.getAttribute('data-measured')).toBe('true');
        meterReadings.push({
          text: await meter.innerText(),
          tokens: Number(await meter.getAttribute('data-tokens')),
          measured: (await meter.getAttribute('data-measured')) === 'true',
        });
        if (index === 1) await screenshot(page, 'desktop-context-meter');
      }

      // The meter reads the provider's usage: "measured", against the window from the settings.
      expect(meterReadings[0]!.text).toMatch(/^[\d.]+k? \/ 1\.2k tokens\s*measured$/);
      const firstUsage = endpoint.requests.find((request) => request.body.stream === true)!;
      expect(meterReadings[0]!.tokens).toBeGreaterThanOrEqual(firstUsage.promptTokens);

      // It compacted before a turn, said so, and no request was refused.
      const notice = await waitForNotice(page, /compacted before sending/);
      expect(notice).toMatch(/of the model's 1\.2k-token window \(auto-compact at 80%\)/);
      expect(await byTestId(page, 'compaction').count()).toBeGreaterThanOrEqual(1);
      await screenshot(page, 'desktop-context-auto-compacted');
      expect(endpoint.requests.every((request) => request.promptTokens <= CONTEXT_LIMIT)).toBe(true);
      expect((await noticeTexts(page)).some((text) => /too long for the model/.test(text))).toBe(false);
      expect(watch.errors).toEqual([]);
      // The compaction came before the limit: the meter never passed it.
      expect(Math.max(...meterReadings.map((reading) => reading.tokens))).toBeLessThanOrEqual(CONTEXT_LIMIT);

      // Without it the endpoint would have refused the chat, and characters ÷ 4 (the old
      // estimate) would not have seen it coming: it puts the whole chat far below the threshold.
      const uncompacted = uncompactedRequest(firstUsage.body);
      expect(promptTokensOf(uncompacted)).toBeGreaterThan(CONTEXT_LIMIT);
      const charsOverFour = uncompacted.messages.reduce((sum, message) => sum + Math.ceil(String(message.content).length / 4) + 4, 0);
      expect(charsOverFour).toBeLessThan(CONTEXT_LIMIT * (THRESHOLD_PERCENT / 100));
    });
  });
});
